// @vitest-environment node
/** What leaves the phone in a field report (shared/field-reporter/scrub.ts, docs/telemetry.md "Privacy"). */
import { beforeEach, describe, expect, it } from 'vitest'
import { endpointTemplate, hideValuesOf, scrubFrame, scrubPath, scrubText } from '@shared/field-reporter/scrub'

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.c2lnbmF0dXJl'
const SHARE_CODE = 'Xk29QpL7mTt4rWz8'

beforeEach(() => hideValuesOf([]))

describe('scrubText (an error message)', () => {
  it('drops a URL query with the share code in it, keeping the URL to its path', () => {
    const text = scrubText(`GET https://api.example.com/v1/share/uar?r=${SHARE_CODE} failed`)
    expect(text).toBe('GET https://api.example.com/v1/share/uar… failed')
    expect(text).not.toContain(SHARE_CODE)
  })

  it('drops a query quoted without its URL, and a fragment with a token', () => {
    expect(scrubText('bad link ?r=abc&token=t0k3n')).toBe('bad link …')
    expect(scrubText(`callback #access_token=${JWT}`)).toBe('callback …')
  })

  it('replaces a share code, a token and a user id standing alone in the text', () => {
    const text = scrubText(`share ${SHARE_CODE} of user 1234567 with ${JWT}`)
    expect(text).toBe('share … of user … with …')
  })

  it('replaces a phone number, whole or as typed with spaces or dashes', () => {
    expect(scrubText('call 13800138000')).toBe('call …')
    expect(scrubText('call 138 0013 8000 or +86 138-0013-8000')).toBe('call … or …')
  })

  it('keeps what says what went wrong: short words, small numbers, Chinese text and build file names', () => {
    expect(scrubText('TypeError: x is undefined at line 12')).toBe('TypeError: x is undefined at line 12')
    expect(scrubText('请求失败 (404)')).toBe('请求失败 (404)')
    expect(scrubText('Failed to fetch dynamically imported module: https://h5/assets/recorded-work-viewer-DBd9oCzv.js')).toBe(
      'Failed to fetch dynamically imported module: https://h5/assets/recorded-work-viewer-DBd9oCzv.js',
    )
  })

  it('does not take a name with eight digits for a build file', () => {
    expect(scrubText('user-13800138.png')).toBe('….png')
  })

  it('cuts a long message to 200 characters and folds its white space', () => {
    const text = scrubText(`${'出错了 '.repeat(100)}\n\tend`)
    expect(text).toHaveLength(200)
    expect(text.endsWith('…')).toBe(true)
    expect(text).not.toMatch(/\s{2}|[\n\t]/)
  })

  it('reads a missing message as empty', () => {
    expect(scrubText(undefined)).toBe('')
  })
})

describe('scrubPath (a file)', () => {
  it('keeps the path of a URL without its origin, query or fragment', () => {
    expect(scrubPath('https://cdn.example.com/assets/core-C3BH3PyR.js?v=2#x')).toBe('/assets/core-C3BH3PyR.js')
  })

  it('replaces an id or a token in a segment but keeps the build hash of a file name', () => {
    expect(scrubPath('https://api.example.com/uploads/13800138000/cover.png')).toBe('/uploads/…/cover.png')
    expect(scrubPath(`/media/${JWT}/word.mp3`)).toBe('/media/…/word.mp3')
  })

  it('leaves out data:, blob: and javascript: URLs and anything not a string', () => {
    expect(scrubPath('data:image/png;base64,AAAA')).toBe('')
    expect(scrubPath('blob:https://h5/1234-5678')).toBe('')
    expect(scrubPath('javascript:alert(1)')).toBe('')
    expect(scrubPath(undefined)).toBe('')
    expect(scrubPath({ href: '/x' })).toBe('')
  })

  it('never holds white space, a query or a fragment (the schema refuses them)', () => {
    expect(scrubPath(' /a b/c?q#f ')).toMatch(/^[^?#\s]*$/)
  })
})

describe('scrubFrame (the first frame of a stack)', () => {
  it("takes Chrome's first frame as path:line:col, its query and origin dropped", () => {
    const stack = `TypeError: boom\n    at f (https://h5.example.com/assets/word_share-AbCd1234.js?token=${JWT}:1:23456)\n    at g (x.js:2:3)`
    expect(scrubFrame(stack)).toBe('/assets/word_share-AbCd1234.js:1:23456')
  })

  it("takes WebKit's and Firefox's form too (name@url:line:col)", () => {
    expect(scrubFrame('f@https://h5.example.com/assets/core-C3BH3PyR.js:1:99\ng@…')).toBe('/assets/core-C3BH3PyR.js:1:99')
  })

  it('finds a frame in a stack that carries a share code in its URL, without the code', () => {
    const frame = scrubFrame(`at https://h5.example.com/recorded_share?r=${SHARE_CODE}:10:5`)
    expect(frame).toBe('/recorded_share:10:5')
    expect(frame).not.toContain(SHARE_CODE)
  })

  it('gives nothing for a stack without a frame', () => {
    expect(scrubFrame('Error: no stack here')).toBe('')
    expect(scrubFrame(undefined)).toBe('')
  })
})

describe('endpointTemplate (an API request)', () => {
  it('turns ids into :id and keeps the API version', () => {
    expect(endpointTemplate('/v1/directory/7')).toBe('/v1/directory/:id')
    expect(endpointTemplate('/v1/cloudDrive/import/2f9c1a7e-93f1-4b6e-8f3a-1c2d3e4f5a6b')).toBe('/v1/cloudDrive/import/:id')
  })

  it('drops the origin and the query with the share code', () => {
    expect(endpointTemplate(`https://api.example.com/v1/share/uar?r=${SHARE_CODE}`)).toBe('/v1/share/uar')
  })

  it('makes any segment with an odd character or a long name an id, so the template stays within its schema', () => {
    expect(endpointTemplate('/v1/directory/启蒙')).toBe('/v1/directory/:id')
    expect(endpointTemplate(`/v1/${'a'.repeat(20)}`)).toBe('/v1/:id')
    expect(endpointTemplate(undefined)).toBe('/')
  })
})

/** Codes of 6 to 15 characters: letters and digits, letters only, digits only, with a dash. */
const CODES = ['Qx7k2m', 'mxqvbzt', '73492105', 'pLm3Zq8Rt', 'T4vW9-yB2nK7', 'aJdkLxQwErTyUio']

describe('the values of the page’s own URL', () => {
  const PAGE = `https://h5.example.com/recorded_share?r=${CODES[0]}&u=${CODES[1]}&n=${CODES[2]}&k=${CODES[3]}#t=${CODES[4]}&${CODES[5]}`

  it('never leave in a message, a picture’s path, a stack frame or an endpoint, whatever their length or shape', () => {
    hideValuesOf([PAGE])
    for (const code of CODES) {
      expect(scrubText(`share ${code} not found (${code}), user:${code}.`), code).not.toContain(code)
      expect(scrubPath(`https://api.example.com/media/${code}/${code}.png`), code).toBe('/media/…/….png')
      expect(scrubFrame(`at f (https://h5.example.com/x/${code}.js:3:14)`), code).toBe('/x/….js:3:14')
      expect(endpointTemplate(`/v1/share/${code}`), code).toBe('/v1/share/:id')
    }
  })

  it('are compared as whole tokens: `?id=7` hides a 7 standing alone, not the 7s of other numbers or words', () => {
    hideValuesOf(['https://h5.example.com/generate_book/list?id=7&tab=list'])
    expect(scrubText('folder 7 failed at a.js:17:27 in list7 (list)')).toBe('folder … failed at a.js:17:27 in list7 (…)')
    expect(scrubFrame('at f (https://h5.example.com/assets/a-AbCd1234.js:7:77)')).toBe('/assets/a-AbCd1234.js:7:77')
  })

  it('are hidden decoded and as sent, the fragment’s too', () => {
    hideValuesOf([`https://h5.example.com/word_share?title=${encodeURIComponent('宝贝 的朗读')}#${encodeURIComponent('小米妈妈')}`])
    expect(scrubText('标题：宝贝 的朗读，作者：小米妈妈')).toBe('标题：…，作者：…')
    expect(scrubText('bad title %E5%AE%9D%E8%B4%9D%20%E7%9A%84%E6%9C%97%E8%AF%BB')).toBe('bad title …')
    expect(scrubText('bad title %e5%ae%9d%e8%b4%9d%20%e7%9a%84%e6%9c%97%e8%af%bb')).toBe('bad title …')
  })

  it('are taken from the address as loaded and as it is now', () => {
    hideValuesOf(['https://h5.example.com/vip_sale?from=ab12cd', 'https://h5.example.com/vip_sale?plan=gold'])
    expect(scrubText('plan gold from ab12cd')).toBe('plan … from …')
  })
})

describe('what is shaped like a secret', () => {
  it('goes whatever the page’s URL: letters and digits mixed, hex, base64, a JWT, an e-mail, a phone number, 5 digits', () => {
    expect(scrubText('code Qx7k2m and T4vW9-yB2nK7')).toBe('code … and …')
    expect(scrubText('id 2f9c1a7e-93f1-4b6e-8f3a-1c2d3e4f5a6b hash deadbeefcafe')).toBe('id … hash …')
    expect(scrubText('sig aGVsbG8gd29ybGQ= end')).toBe('sig … end')
    expect(scrubText(`Bearer ${JWT}`)).toBe('Bearer …')
    expect(scrubText('mail xiaomi.mama+1@example.com now')).toBe('mail … now')
    expect(scrubText('tel +86 138-0013-8000, 138 0013 8000 or 13800138000')).toBe('tel …, … or …')
    expect(scrubText('order 12345 of 99')).toBe('order … of 99')
  })

  it('leaves plain words and code names readable, so different errors read differently', () => {
    for (const message of [
      "Cannot read properties of undefined (reading 'map')",
      "Cannot read properties of null (reading 'getBoundingClientRect')",
      'field-probe-error: the probe said no',
      'ResizeObserver loop completed with undelivered notifications.',
      'Failed to fetch dynamically imported module: https://h5.example.com/assets/recorded-work-viewer-DBd9oCzv.js',
    ])
      expect(scrubText(message)).toBe(message)
    expect(scrubPath('/assets/word_share-AbCd1234.js')).toBe('/assets/word_share-AbCd1234.js')
  })
})
