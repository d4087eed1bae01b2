import { readFileSync } from 'node:fs'
import { Window } from 'happy-dom'
import { afterEach, describe, expect, it } from 'vitest'

const SCRIPT = readFileSync(new URL('../../server/fake-host/fake-host.js', import.meta.url), 'utf8')

/** Every call name of docs/contracts/bridge.md. */
const CALL_NAMES = [
  'setNavigationBar',
  'getUserInfo',
  'updateUserInfo',
  'goToLogin',
  'closeWebview',
  'shareUrl',
  'shareWeb',
  'openWebPage',
  'openPage',
  'openAlbumAndUpload',
  'openFileAndUpload',
  'openVideoAndUpload',
  'openCustomerService',
  'buyGoods',
  'updateAppVersion',
  'wechatLogin',
  'baiduAuthorize',
  'nativeLog',
  'downloadImage',
  'merchantTransfer',
  'speechRecognition',
  'nativeDecrypt',
]

let windows: Window[] = []
afterEach(async () => {
  await Promise.all(windows.map((w) => w.happyDOM.close()))
  windows = []
})

/** A host → page message as the tests read it. */
interface HostMessage {
  type: string
  data?: { user?: { nickName?: string } } & Record<string, unknown>
}

/** The globals the script defines or reads. */
interface PageGlobals {
  webkit?: { messageHandlers: Record<string, { postMessage(payload: unknown): void }> }
  KidsEnglishBridge?: Record<string, (json?: string) => void>
  __FAKE_HOST_CONFIG__?: object
  fetch?: (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ ok: boolean; status: number }>
  onNativeMessage?: (message: HostMessage) => void
  __fakeHost: { calls: unknown[]; closed: boolean; send(type: string, data?: unknown): void }
}

interface Page {
  window: Window
  /** The page's globals as the script leaves them. */
  g: PageGlobals
  /** Messages the page received through window.onNativeMessage. */
  received: HostMessage[]
}

/** Loads the script into a fresh page at `url`, optionally with a config and a cookie set first. */
function load(url = 'http://127.0.0.1/recorded_share', options: { config?: object; cookie?: string; listen?: boolean } = {}): Page {
  const window = new Window({ url })
  windows.push(window)
  const g = window as unknown as PageGlobals
  const received: Page['received'] = []
  if (options.cookie) window.document.cookie = options.cookie
  if (options.config) g.__FAKE_HOST_CONFIG__ = options.config
  if (options.listen !== false) g.onNativeMessage = (m) => received.push(m)
  window.eval(SCRIPT)
  return { window, g, received }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

describe('the user agent', () => {
  it('carries the contract markers of an Android app, VIP, version 2.12.0 and the demo token', () => {
    expect(load().window.navigator.userAgent).toBe(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' +
        ' com.kidsenglish.app version_2.12.0 isVip_true isPermanentVipUser_false appId_kidsenglish-android token_demo-vip-token',
    )
  })

  it('follows window.__FAKE_HOST_CONFIG__', () => {
    const ua = load(undefined, { config: { version: '2.9.9', token: 'abc', isVip: false, transport: 'ios' } }).window.navigator.userAgent
    expect(ua).toContain('iPhone')
    expect(ua).toContain(' com.kidsenglish.app version_2.9.9 isVip_false isPermanentVipUser_false appId_kidsenglish-ios token_abc')
  })

  it('marks a permanent member with isPermanentVipUser_true when fakeHostPermanentVip is true', () => {
    const ua = load('http://127.0.0.1/vip_sale?fakeHostToken=demo-permanent-token&fakeHostPermanentVip=true').window.navigator.userAgent
    expect(ua).toContain(' isVip_true isPermanentVipUser_true ')
    expect(ua).toContain(' token_demo-permanent-token')
  })

  it('leaves out the version and token markers when they are configured empty', () => {
    const ua = load(undefined, { config: { version: '', token: '' } }).window.navigator.userAgent
    expect(ua).not.toMatch(/version_|token_/)
  })

  it('takes fakeHostVersion and fakeHostToken from the query and remembers them in cookies', () => {
    const first = load('http://127.0.0.1/space_upgrade?fakeHostVersion=2.0.1&fakeHostToken=demo-basic-token')
    expect(first.window.navigator.userAgent).toContain('version_2.0.1')
    expect(first.window.document.cookie).toContain('fakeHostToken=demo-basic-token')
    const next = load('http://127.0.0.1/price_up', { cookie: 'fakeHostVersion=2.0.1' })
    expect(next.window.navigator.userAgent).toContain('version_2.0.1')
  })
})

describe('the transports', () => {
  it('offers every bridge call on both transports by default', () => {
    const { g } = load()
    for (const name of CALL_NAMES) {
      expect(typeof g.webkit!.messageHandlers[name]!.postMessage, name).toBe('function')
      expect(typeof g.KidsEnglishBridge![name], name).toBe('function')
    }
  })

  it('offers only the iOS transport when configured so', () => {
    const { g } = load(undefined, { config: { transport: 'ios' } })
    expect(g.webkit?.messageHandlers.getUserInfo).toBeDefined()
    expect(g.KidsEnglishBridge).toBeUndefined()
  })

  it('offers only the Android transport when configured so', () => {
    const { g } = load(undefined, { config: { transport: 'android' } })
    expect(g.KidsEnglishBridge?.getUserInfo).toBeDefined()
    expect(g.webkit).toBeUndefined()
  })

  it('records each call with its name, parsed payload, time and transport', () => {
    const { g } = load()
    g.KidsEnglishBridge!.shareWeb!(JSON.stringify({ url: 'u', title: 't', showShare: true }))
    g.webkit!.messageHandlers.openPage!.postMessage({ name: 'pictureBookDetail', extras: { id: 100 } })
    expect(g.__fakeHost.calls).toEqual([
      { name: 'shareWeb', payload: { url: 'u', title: 't', showShare: true }, at: expect.any(Number), via: 'android' },
      { name: 'openPage', payload: { name: 'pictureBookDetail', extras: { id: 100 } }, at: expect.any(Number), via: 'ios' },
    ])
  })
})

describe('the answers', () => {
  it('answers getUserInfo with userInfo for the VIP demo user', async () => {
    const page = load()
    page.g.KidsEnglishBridge!.getUserInfo!(JSON.stringify({ sourceFrom: 'h5' }))
    await until(() => page.received.length === 1)
    expect(page.received[0]).toEqual({
      type: 'userInfo',
      data: { token: 'demo-vip-token', user: { id: 1, nickName: '小米妈妈', avatar: '/media/avatars/xiaomi-mama.svg' } },
    })
  })

  it('answers updateUserInfo as the basic user when that token is configured', async () => {
    const page = load(undefined, { config: { token: 'demo-basic-token' } })
    page.g.webkit!.messageHandlers.updateUserInfo!.postMessage({})
    await until(() => page.received.length === 1)
    expect(page.received[0]?.data?.user?.nickName).toBe('乐乐爸爸')
  })

  it('answers nativeDecrypt with the base64-decoded JSON under the same id', async () => {
    const page = load()
    const data = Buffer.from(JSON.stringify({ title: '小猫' })).toString('base64')
    page.g.webkit!.messageHandlers.nativeDecrypt!.postMessage({ id: 'req-1', data })
    await until(() => page.received.length === 1)
    expect(page.received[0]).toEqual({ type: 'decryptResult', data: { id: 'req-1', data: { title: '小猫' } } })
  })

  it('answers nativeDecrypt with the data as is when it is not base64 JSON', async () => {
    const page = load()
    page.g.KidsEnglishBridge!.nativeDecrypt!(JSON.stringify({ id: 'req-2', data: 'plain text!' }))
    await until(() => page.received.length === 1)
    expect(page.received[0]?.data).toEqual({ id: 'req-2', data: 'plain text!' })
  })

  it('marks the WebView closed on closeWebview', async () => {
    const page = load()
    page.g.KidsEnglishBridge!.closeWebview!(JSON.stringify({ sourceFrom: 'h5' }))
    await until(() => page.g.__fakeHost.closed === true)
  })

  it('waits for window.onNativeMessage when the page defines it late', async () => {
    const page = load(undefined, { listen: false })
    page.g.__fakeHost.send('visibleChange', { result: true })
    const received: unknown[] = []
    page.g.onNativeMessage = (m) => received.push(m)
    await until(() => received.length === 1)
    expect(received[0]).toEqual({ type: 'visibleChange', data: { result: true } })
  })

  it('pays for a membership plan through the development route, then sends visibleChange true', async () => {
    const page = load(undefined, { config: { token: 'demo-basic-token' }, listen: true })
    const posts: { url: string; init: { method: string; headers: Record<string, string>; body: string } }[] = []
    page.g.fetch = (url, init) => {
      posts.push({ url, init })
      return Promise.resolve({ ok: true, status: 200 })
    }
    page.g.KidsEnglishBridge!.buyGoods!(JSON.stringify({ goodsId: 101 }))
    await until(() => page.received.length === 1)
    expect(posts).toEqual([
      {
        url: '/v1/dev/vip/purchase',
        init: expect.objectContaining({ method: 'POST', body: '{"goodsId":101}' }),
      },
    ])
    expect(posts[0]!.init.headers.authorization).toBe('Bearer demo-basic-token')
    expect(page.received[0]).toEqual({ type: 'visibleChange', data: { result: true } })
  })

  it('pays for a space good through the space route when the membership route knows no such plan', async () => {
    const page = load(undefined, { listen: true })
    const posts: string[] = []
    page.g.fetch = (url) => {
      posts.push(url)
      return Promise.resolve(url === '/v1/dev/space/purchase' ? { ok: true, status: 200 } : { ok: false, status: 404 })
    }
    page.g.webkit!.messageHandlers.buyGoods!.postMessage({ goodsId: 1 })
    await until(() => page.received.length === 1)
    expect(posts).toEqual(['/v1/dev/vip/purchase', '/v1/dev/space/purchase'])
    expect(page.received[0]).toEqual({ type: 'visibleChange', data: { result: true } })
  })

  it('only logs buyGoods of goods no route sells', async () => {
    const page = load()
    let asked = 0
    page.g.fetch = () => {
      asked++
      return Promise.resolve({ ok: false, status: 404 })
    }
    page.g.webkit!.messageHandlers.buyGoods!.postMessage({ goodsId: 999 })
    await until(() => asked === 2)
    await new Promise((r) => setTimeout(r, 100))
    expect(page.received).toEqual([])
    expect(page.g.__fakeHost.calls).toHaveLength(1)
  })

  it('sends backClick without data', async () => {
    const page = load()
    page.g.__fakeHost.send('backClick')
    await until(() => page.received.length === 1)
    expect(page.received[0]).toEqual({ type: 'backClick' })
  })
})

describe('the panel', () => {
  it('lives in a closed shadow root hidden from the accessibility tree', async () => {
    const { window } = load()
    await until(() => window.document.querySelector('[data-fake-host]') !== null)
    const host = window.document.querySelector('[data-fake-host]')!
    expect(host.getAttribute('aria-hidden')).toBe('true')
    expect(host.shadowRoot).toBeNull()
    expect(window.document.body.contains(host)).toBe(false)
  })
})
