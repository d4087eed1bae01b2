/**
 * Data in parallel with code: the early requests of a page's HTML (its descriptor's firstRequests, run
 * by shared/app/first-requests.ts) and their hand-over to the page's own requests.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installAndroidHost, removeHost } from '../bridge/fake-host'
import { envelope, fakeServer, visit } from '../http/fake-server'

const APP_UA = 'Mozilla/5.0 (Linux; Android 14) Mobile com.kidsenglish.app appId_kidsenglish-android token_ua.token'

/** Fresh modules on a page at `url`; the network is a fake axios adapter that answers `{ n: 1 }`. */
async function load(url: string, ua = 'Mozilla/5.0 (iPhone) Mobile') {
  visit(url)
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua)
  // The app's user agent comes with the app's bridge (the inline script runs after the host injected it).
  if (ua === APP_UA) installAndroidHost('getUserInfo')
  vi.resetModules()
  const http = await import('@shared/http')
  const prefetch = await import('@shared/http/prefetch')
  const { startFirstRequests: start } = await import('@shared/app/first-requests')
  // As the build bundles it for a page that keeps replies (scripts/build/prerender/prefetch.ts).
  const { keptScope, readKept, writeKept } = await import('@shared/http/kept-replies')
  const startFirstRequests: typeof start = (page, modulepreload) =>
    start(page, modulepreload, { read: readKept, write: writeKept, scope: keptScope })
  const pages = {
    share: (await import('../../../pages/recorded_share/page')).default,
    list: (await import('../../../pages/generate_book/list/page')).default,
    create: (await import('../../../pages/generate_book/create/page')).default,
  }
  const { getDirectory } = await import('@shared/api/get-directory')
  const server = fakeServer(() => envelope({ n: 1 }))
  http.resetHttpClientForTests({ adapter: server })
  return { ...http, ...prefetch, startFirstRequests, pages, getDirectory, server }
}

/** A fetch stand-in answering `body` with `status`. */
function stubFetch(body: unknown, status = 200) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => {
  removeHost()
  localStorage.clear()
  vi.unstubAllGlobals()
  delete (window as unknown as Record<string, unknown>).__kidsPrefetch
  delete (window as unknown as Record<string, unknown>).__kidsPrefetchSettled
  delete (window as unknown as Record<string, unknown>).__kidsPrefetchKept
  visit('http://localhost:3000/')
})

describe('startFirstRequests', () => {
  it('GETs the share from the API base with the trimmed r and no token when it has none', async () => {
    const fetch = stubFetch(null)
    const { startFirstRequests, pages } = await load('http://localhost:3000/recorded_share?r=%20abc%20')
    startFirstRequests(pages.share)
    expect(fetch).toHaveBeenCalledOnce()
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('http://localhost:3000/v1/share/uar?r=abc')
    expect(init?.headers).not.toHaveProperty('Authorization')
    expect(init?.cache).toBe('no-cache') // a back navigation must not get a stale cached reply
  })

  it('starts nothing when the page has no share code', async () => {
    const fetch = stubFetch(null)
    const { startFirstRequests, pages } = await load('http://localhost:3000/recorded_share')
    startFirstRequests(pages.share)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('puts the folder id into the path and sends the token and app id of the user agent', async () => {
    const fetch = stubFetch(null)
    const { startFirstRequests, pages } = await load('http://localhost:3000/generate_book/list?id=11', APP_UA)
    startFirstRequests(pages.list)
    const [url, init] = fetch.mock.calls[0]!
    expect(url).toBe('http://localhost:3000/v1/directory/11')
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer ua.token', 'X-App-Id': 'kidsenglish-android' })
  })

  it('asks for the top level when the id is absent or 0, and for nothing when it names no folder, as the list page does', async () => {
    const fetch = stubFetch(null)
    for (const search of ['', '?id=0']) {
      const { startFirstRequests, pages } = await load(`http://localhost:3000/generate_book/list${search}`, APP_UA)
      startFirstRequests(pages.list)
    }
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['http://localhost:3000/v1/directory/0', 'http://localhost:3000/v1/directory/0'])
    const { startFirstRequests, pages } = await load('http://localhost:3000/generate_book/list?id=-3', APP_UA)
    startFirstRequests(pages.list)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('asks for the folder being edited only when the URL names one (requiredId)', async () => {
    const fetch = stubFetch(null)
    const { startFirstRequests, pages } = await load('http://localhost:3000/generate_book/create?id=11', APP_UA)
    startFirstRequests(pages.create)
    const options = 'http://localhost:3000/v1/bookCreation/options'
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([options, 'http://localhost:3000/v1/directory/11'])
    for (const url of ['/generate_book/create?parentId=10', '/generate_book/create?id=0', '/generate_book/create?id=x']) {
      fetch.mockClear()
      const fresh = await load(`http://localhost:3000${url}`, APP_UA)
      fresh.startFirstRequests(fresh.pages.create)
      expect(
        fetch.mock.calls.map(([called]) => called),
        url,
      ).toEqual([options])
    }
  })

  it('starts no call that needs a token when there is none (the page would send the user to log in)', async () => {
    const fetch = stubFetch(null)
    const { startFirstRequests, pages } = await load('http://localhost:3000/generate_book/list?id=11')
    startFirstRequests(pages.list)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('starts no account call outside the app, even with a token saved on an earlier visit', async () => {
    const fetch = stubFetch(null)
    localStorage.setItem('token', 'saved.token')
    const { startFirstRequests, pages } = await load('http://localhost:3000/generate_book/list?id=11')
    startFirstRequests(pages.list)
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe("the page's own request", () => {
  it('takes the reply its HTML started: the same endpoint, the same parser, the same key', async () => {
    stubFetch({ result: 'SUCCESS', data: { id: 11 }, msg: '' })
    const { startFirstRequests, pages, getDirectory, server } = await load('http://localhost:3000/generate_book/list?id=%2011', APP_UA)
    startFirstRequests(pages.list)
    expect(await getDirectory(pages.list.query().id ?? -1)).toMatchObject({ success: true, data: { id: 11 } })
    expect(server).not.toHaveBeenCalled()
  })
})

describe('the lazy chunks', () => {
  it('are modulepreloaded when a request with preloadLazy starts, and not when it does not', async () => {
    stubFetch(null)
    const { startFirstRequests } = await load('http://localhost:3000/lazy')
    const { definePage, param } = await import('@shared/app/define-page')
    const { getShare } = await import('@shared/api/get-share')
    const lazyPage = definePage({
      title: '测试',
      params: { r: param.text() },
      firstRequests: ({ r }) => [Boolean(r) && { ...getShare.request(r), preloadLazy: true }],
      signedIn: false,
      demoLinks: [],
    })
    startFirstRequests(lazyPage, ['/assets/viewer.js'])
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull()
    visit('http://localhost:3000/lazy?r=abc')
    startFirstRequests(lazyPage, ['/assets/viewer.js'])
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe('/assets/viewer.js')
    document.head.querySelector('link[rel="modulepreload"]')!.remove()
  })

  it('are not modulepreloaded by the share page: its cover draws without the viewer chunk', async () => {
    stubFetch(null)
    const { startFirstRequests, pages } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share, ['/assets/viewer.js'])
    expect(document.head.querySelector('link[rel="modulepreload"]')).toBeNull()
  })
})

describe('the cover preload', () => {
  const cover = () => document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]')
  afterEach(() => cover()?.remove())

  it('preloads the image the reply names as soon as it arrives', async () => {
    stubFetch({ result: 'SUCCESS', data: { imageUrl: '/media/book/cover.svg' }, msg: '' })
    const { startFirstRequests, pages, takePrefetched } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share)
    await takePrefetched('/v1/share/uar', { r: 'abc' })
    await vi.waitFor(() => expect(cover()?.href).toBe('http://localhost:3000/media/book/cover.svg'))
    expect(cover()?.getAttribute('fetchpriority')).toBe('high')
  })

  it("shows the image at once in the frame's early-image box, before any page script", async () => {
    stubFetch({ result: 'SUCCESS', data: { imageUrl: '/media/book/cover.svg' }, msg: '' })
    const slot = document.createElement('div')
    slot.setAttribute('data-early-image', '')
    document.body.appendChild(slot)
    try {
      const { startFirstRequests, pages } = await load('http://localhost:3000/recorded_share?r=abc')
      startFirstRequests(pages.share)
      await vi.waitFor(() => expect(slot.querySelector('img')?.src).toBe('http://localhost:3000/media/book/cover.svg'))
      expect(slot.querySelector('img')?.getAttribute('fetchpriority')).toBe('high')
    } finally {
      slot.remove()
    }
  })

  it('preloads nothing when the URL is not http(s)', async () => {
    stubFetch({ result: 'SUCCESS', data: { imageUrl: 'javascript:alert(1)' }, msg: '' })
    const { startFirstRequests, pages, takePrefetched } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share)
    await takePrefetched('/v1/share/uar', { r: 'abc' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(cover()).toBeNull()
  })
})

describe('httpGet after an early request', () => {
  it('uses the early reply and makes no request of its own', async () => {
    stubFetch({ result: 'SUCCESS', data: { title: '早到的绘本' }, msg: '' })
    const { startFirstRequests, pages, httpGet, server } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share)
    const result = await httpGet('/v1/share/uar', { r: 'abc' })
    expect(result).toMatchObject({ success: true, data: { title: '早到的绘本' } })
    expect(server).not.toHaveBeenCalled()
  })

  it('reads an error reply the same way as its own', async () => {
    stubFetch({ result: 'NOT_FOUND', data: null, msg: '分享不存在' }, 404)
    const { startFirstRequests, pages, httpGet } = await load('http://localhost:3000/recorded_share?r=gone')
    startFirstRequests(pages.share)
    expect(await httpGet('/v1/share/uar', { r: 'gone' })).toMatchObject({
      success: false,
      code: 404,
      msg: '分享不存在',
      result: 'NOT_FOUND',
    })
  })

  it('takes the early reply once: a retry goes to the network', async () => {
    stubFetch({ result: 'SUCCESS', data: { n: 0 }, msg: '' })
    const { startFirstRequests, pages, httpGet, server } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share)
    await httpGet('/v1/share/uar', { r: 'abc' })
    expect(await httpGet('/v1/share/uar', { r: 'abc' })).toMatchObject({ data: { n: 1 } })
    expect(server).toHaveBeenCalledOnce()
  })

  it('leaves other requests alone', async () => {
    stubFetch({ result: 'SUCCESS', data: { n: 0 }, msg: '' })
    const { startFirstRequests, pages, httpGet, server } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share)
    await httpGet('/v1/share/uar', { r: 'other' })
    expect(server).toHaveBeenCalledOnce()
  })

  it('gives the network error when the early request got no reply', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const { startFirstRequests, pages, httpGet } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share)
    expect(await httpGet('/v1/share/uar', { r: 'abc' })).toMatchObject({ success: false, code: 500, msg: '网络错误，请检查您的网络连接' })
  })
})

describe('takeArrivedGet', () => {
  const arrived = () => new Promise((resolve) => setTimeout(resolve, 10))

  it('hands over a successful early reply that is already in, once, with no request of its own', async () => {
    stubFetch({ result: 'SUCCESS', data: { title: '早到的绘本' }, msg: '' })
    const { startFirstRequests, pages, takeArrivedGet, httpGet, server } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share)
    await arrived()
    expect(takeArrivedGet('/v1/share/uar', { r: 'abc' })).toMatchObject({ success: true, data: { title: '早到的绘本' } })
    expect(takeArrivedGet('/v1/share/uar', { r: 'abc' })).toBeNull()
    await httpGet('/v1/share/uar', { r: 'abc' })
    expect(server).toHaveBeenCalledOnce() // taken: the next GET is the page's own
  })

  it('gives nothing while the early reply is on its way, and httpGet still takes it', async () => {
    stubFetch({ result: 'SUCCESS', data: { n: 0 }, msg: '' })
    const { startFirstRequests, pages, takeArrivedGet, httpGet, server } = await load('http://localhost:3000/recorded_share?r=abc')
    startFirstRequests(pages.share)
    expect(takeArrivedGet('/v1/share/uar', { r: 'abc' })).toBeNull()
    expect(await httpGet('/v1/share/uar', { r: 'abc' })).toMatchObject({ data: { n: 0 } })
    expect(server).not.toHaveBeenCalled()
  })

  it('leaves a failed early reply to httpGet, which reads and toasts it as usual', async () => {
    stubFetch({ result: 'NOT_FOUND', data: null, msg: '分享不存在' }, 404)
    const { startFirstRequests, pages, takeArrivedGet, httpGet } = await load('http://localhost:3000/recorded_share?r=gone')
    startFirstRequests(pages.share)
    await arrived()
    expect(takeArrivedGet('/v1/share/uar', { r: 'gone' })).toBeNull()
    expect(await httpGet('/v1/share/uar', { r: 'gone' })).toMatchObject({ success: false, code: 404, msg: '分享不存在' })
  })
})

describe('a share opened again', () => {
  const arrived = () => new Promise((resolve) => setTimeout(resolve, 10))
  const work = (title: string) => ({ result: 'SUCCESS', data: { title, imageUrl: '/media/book/cover.svg' }, msg: '' })

  it('hands the page the reply kept at the last open, at once, while the early request asks again', async () => {
    stubFetch(work('上次的绘本'))
    const first = await load('http://localhost:3000/recorded_share?r=abc')
    first.startFirstRequests(first.pages.share)
    await arrived()
    expect(first.takeKeptGet('/v1/share/uar', { r: 'abc' })).toBeNull() // nothing kept before the first open

    const fetch = stubFetch(work('这次的绘本'))
    const again = await load('http://localhost:3000/recorded_share?r=abc')
    again.startFirstRequests(again.pages.share)
    expect(again.takeKeptGet('/v1/share/uar', { r: 'abc' })).toMatchObject({ success: true, data: { title: '上次的绘本' } })
    expect(again.takeKeptGet('/v1/share/uar', { r: 'abc' })).toBeNull() // taken once
    expect(fetch).toHaveBeenCalledOnce()
    expect(await again.httpGet('/v1/share/uar', { r: 'abc' })).toMatchObject({ data: { title: '这次的绘本' } })
  })

  it("shows the kept reply's picture in the early-image box as soon as the parser makes it", async () => {
    stubFetch(work('上次的绘本'))
    const first = await load('http://localhost:3000/recorded_share?r=abc')
    first.startFirstRequests(first.pages.share)
    await arrived()
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    ) // the new answer never comes
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const again = await load('http://localhost:3000/recorded_share?r=abc')
    again.startFirstRequests(again.pages.share)
    const slot = document.createElement('div')
    slot.setAttribute('data-early-image', '')
    document.body.appendChild(slot)
    try {
      await vi.waitFor(() => expect(slot.querySelector('img')?.src).toBe('http://localhost:3000/media/book/cover.svg'))
    } finally {
      slot.remove()
    }
  })

  it('forgets the kept reply when the share is gone (404)', async () => {
    stubFetch(work('上次的绘本'))
    const first = await load('http://localhost:3000/recorded_share?r=abc')
    first.startFirstRequests(first.pages.share)
    await arrived()
    stubFetch({ result: 'NOT_FOUND', data: null, msg: '分享不存在' }, 404)
    const gone = await load('http://localhost:3000/recorded_share?r=abc')
    gone.startFirstRequests(gone.pages.share)
    expect(gone.takeKeptGet('/v1/share/uar', { r: 'abc' })).not.toBeNull() // drawn, then the 404 says it is gone
    await arrived()
    const third = await load('http://localhost:3000/recorded_share?r=abc')
    third.startFirstRequests(third.pages.share)
    expect(third.takeKeptGet('/v1/share/uar', { r: 'abc' })).toBeNull()
  })

  it("keeps a signed-in user's folder list for that user only, never with the token in storage", async () => {
    stubFetch({ result: 'SUCCESS', data: { title: '我的绘本' }, msg: '' })
    const first = await load('http://localhost:3000/generate_book/list?id=11', APP_UA)
    first.startFirstRequests(first.pages.list)
    await arrived()
    const keys = Object.keys(localStorage).filter((key) => key.startsWith('kids-reply:'))
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatch(/^kids-reply:u[0-9a-z]+:GET \/v1\/directory\/11$/)
    expect(JSON.stringify(localStorage)).not.toContain('ua.token')

    // Step: the same user opens it again: drawn at once from the kept reply.
    stubFetch({ result: 'SUCCESS', data: { title: '我的绘本' }, msg: '' })
    const again = await load('http://localhost:3000/generate_book/list?id=11', APP_UA)
    again.startFirstRequests(again.pages.list)
    expect(again.takeKeptGet('/v1/directory/11')).toMatchObject({ success: true, data: { title: '我的绘本' } })

    // Step: another account signed in on the same phone: nothing of the first one's.
    stubFetch({ result: 'SUCCESS', data: { title: '别人的绘本' }, msg: '' })
    const other = await load('http://localhost:3000/generate_book/list?id=11', APP_UA.replace('token_ua.token', 'token_other.token'))
    other.startFirstRequests(other.pages.list)
    expect(other.takeKeptGet('/v1/directory/11')).toBeNull()
  })

  it('gives two tokens two scopes, and the same token the same one', async () => {
    const { keptScope } = await import('@shared/http/kept-replies')
    expect(keptScope('ua.token')).toBe(keptScope('ua.token'))
    expect(keptScope('ua.token')).not.toBe(keptScope('ua.tokem'))
    expect(keptScope('')).toMatch(/^u[0-9a-z]+:$/)
  })
})

describe('prefetchKey', () => {
  it('does not depend on the order of the query keys', async () => {
    const { prefetchKey } = await import('@shared/http/prefetch')
    expect(prefetchKey('/v1/x', { b: 2, a: '1 1' })).toBe(prefetchKey('/v1/x', { a: '1 1', b: 2 }))
  })
})
