import { afterEach, describe, expect, it, vi } from 'vitest'
import { PRODUCTION_API_BASE, PRODUCTION_PAGE_HOST, TEST_API_BASE } from '@shared/config/api-hosts'
import { installIosHost, removeHost, sendFromHost } from '../bridge/fake-host'
import { envelope, fakeServer, visit, type FakeReply } from './fake-server'
import { LOGIN_SETTLE_MS } from '@shared/http/login-wait'

const UA = 'Mozilla/5.0 (iPhone) Mobile com.kidsenglish.app appId_kidsenglish-ios token_ua.token'
const UA_WITHOUT_TOKEN = 'Mozilla/5.0 (iPhone) Mobile com.kidsenglish.app appId_kidsenglish-ios'

/** Fresh modules (env, token, client) on a page at `url`, talking to a fake server. */
async function load(reply: (url: string) => FakeReply, { url = 'http://localhost:3000/', ua = UA } = {}) {
  visit(url)
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua)
  vi.resetModules()
  const http = await import('@shared/http')
  const { getHttpClient } = await import('@shared/http/axios-client')
  const server = fakeServer((config) => reply(getHttpClient().getUri(config)))
  http.resetHttpClientForTests({ adapter: server })
  return { ...http, getHttpClient, server, lastRequest: () => server.mock.lastCall![0] }
}

afterEach(() => {
  visit('http://localhost:3000/')
  removeHost()
  localStorage.clear()
  vi.useRealTimers()
})

describe('requests', () => {
  it('GETs from the API base with query params and a 15 s time-out', async () => {
    const { httpGet, lastRequest } = await load(() => envelope({ title: '绘本' }))
    const result = await httpGet<{ title: string }>('/v1/share/uar', { r: 'abc' })
    expect(result).toEqual({ success: true, data: { title: '绘本' }, msg: '请求成功', code: 200, result: 'SUCCESS' })
    expect(lastRequest()).toMatchObject({ method: 'get', baseURL: 'http://localhost:3000', params: { r: 'abc' }, timeout: 15_000 })
  })

  it('POSTs a JSON body with optional query params', async () => {
    const { httpPost, lastRequest } = await load(() => envelope(null))
    await httpPost('/v1/bookCreation/move', { parentId: 1, ids: [3, 2] }, { v: 2 })
    expect(lastRequest()).toMatchObject({ method: 'post', url: '/v1/bookCreation/move', params: { v: 2 } })
    expect(JSON.parse(lastRequest().data as string)).toEqual({ parentId: 1, ids: [3, 2] })
  })

  it('uploads form data with a longer time-out', async () => {
    const { httpUpload, lastRequest, UPLOAD_TIMEOUT_MS } = await load(() => envelope({ url: 'u', fileSizeMb: 1 }))
    const form = new FormData()
    form.append('file', new Blob(['x']), 'a.png')
    const result = await httpUpload('/v1/upload', form)
    expect(result.data).toEqual({ url: 'u', fileSizeMb: 1 })
    expect(lastRequest().data).toBe(form)
    expect(lastRequest().timeout).toBe(UPLOAD_TIMEOUT_MS)
  })
})

describe('headers', () => {
  it('sends the token and app id to the API base', async () => {
    const { httpGet, lastRequest } = await load(() => envelope(null))
    await httpGet('/v1/goods/spaces')
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer ua.token')
    expect(lastRequest().headers.get('X-App-Id')).toBe('kidsenglish-ios')
  })

  it('sends neither to another host', async () => {
    const { httpGet, lastRequest } = await load(() => envelope(null))
    await httpGet('https://cdn.example.org/data.json')
    expect(lastRequest().headers.has('Authorization')).toBe(false)
    expect(lastRequest().headers.has('X-App-Id')).toBe(false)
  })

  it('sends neither to a protocol-relative URL on another host', async () => {
    const { httpGet, lastRequest } = await load(() => envelope(null))
    await httpGet('//evil.example.org/steal')
    expect(lastRequest().headers.has('Authorization')).toBe(false)
  })

  it('sends them to an absolute URL on the API base', async () => {
    const { httpGet, lastRequest } = await load(() => envelope(null))
    await httpGet('http://localhost:3000/v1/goods/spaces')
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer ua.token')
  })

  it('sends no Authorization without a token', async () => {
    const { httpGet, lastRequest } = await load(() => envelope(null), { ua: 'Mozilla/5.0' })
    await httpGet('/v1/share/uar')
    expect(lastRequest().headers.has('Authorization')).toBe(false)
    expect(lastRequest().headers.has('X-App-Id')).toBe(false)
  })

  it('uses the token the host sent when the user agent has none', async () => {
    const { httpGet, lastRequest } = await load(() => envelope(null), { ua: 'Mozilla/5.0' })
    const { startBridge } = await import('@shared/bridge')
    startBridge()
    sendFromHost({ type: 'userInfo', data: { token: 'host.token' } })
    await httpGet('/v1/goods/spaces')
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer host.token')
  })
})

describe('failures', () => {
  it("returns the server's message, status and result for an HTTP error", async () => {
    const { httpPost } = await load(() => envelope(null, { result: 'FORBIDDEN', msg: '该福利仅限会员领取' }, 403))
    expect(await httpPost('/v1/activity/vipGetFreeSpace')).toEqual({
      success: false,
      data: null,
      msg: '该福利仅限会员领取',
      code: 403,
      result: 'FORBIDDEN',
    })
  })

  it('fails with 请求失败 on an HTML error page', async () => {
    const { httpGet } = await load(() => ({ status: 502, body: '<html>Bad Gateway</html>' }))
    expect(await httpGet('/v1/goods/spaces')).toMatchObject({ success: false, msg: '请求失败', code: 502 })
  })

  it('reports a network error when there is no response', async () => {
    const { httpGet } = await load(() => 'no-response')
    expect(await httpGet('/v1/goods/spaces')).toEqual({
      success: false,
      data: null,
      msg: '网络错误，请检查您的网络连接',
      code: 500,
      result: 'ERROR',
    })
  })

  it('reports a time-out as a network error', async () => {
    const { httpGet } = await load(() => 'timeout')
    expect(await httpGet('/v1/goods/spaces')).toMatchObject({ msg: '网络错误，请检查您的网络连接', code: 500 })
  })
})

describe('HTTP 401', () => {
  it('in the app, opens the native login and does not settle while the login screen is up', async () => {
    vi.useFakeTimers()
    const ios = installIosHost('goToLogin')
    const { httpGet } = await load(() => envelope(null, { result: 'UNAUTHORIZED', msg: '请先登录' }, 401))
    const settled = vi.fn()
    httpGet('/v1/goods/spaces').then(settled, settled)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(ios.goToLogin).toHaveBeenCalledWith({ sourceFrom: 'h5' })
    expect(settled).not.toHaveBeenCalled()
  })

  it('in the app, sends the request again with the new token once the host signs the user in', async () => {
    const ios = installIosHost('getUserInfo', 'goToLogin')
    let signedIn = false
    const { httpGet, lastRequest } = await load(
      () => (signedIn ? envelope([{ id: 1 }]) : envelope(null, { result: 'UNAUTHORIZED', msg: '请先登录' }, 401)),
      { ua: UA_WITHOUT_TOKEN },
    )
    ;(await import('@shared/bridge')).startBridge()
    const result = httpGet('/v1/goods/spaces')
    await vi.waitFor(() => expect(ios.goToLogin).toHaveBeenCalledTimes(1))
    signedIn = true
    sendFromHost({ type: 'userInfo', data: { token: 'fresh.token', user: { id: 7, nickName: '乐乐' } } })
    expect(await result).toMatchObject({ success: true, data: [{ id: 1 }] })
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer fresh.token')
  })

  it('in the app, shares one login screen between requests refused together', async () => {
    const ios = installIosHost('getUserInfo', 'goToLogin')
    let signedIn = false
    const { httpGet } = await load(() => (signedIn ? envelope('ok') : envelope(null, { result: 'UNAUTHORIZED', msg: '请先登录' }, 401)), {
      ua: UA_WITHOUT_TOKEN,
    })
    ;(await import('@shared/bridge')).startBridge()
    const both = Promise.all([httpGet('/v1/goods/spaces'), httpGet('/v1/user/myCapacity')])
    await vi.waitFor(() => expect(ios.goToLogin).toHaveBeenCalled())
    signedIn = true
    sendFromHost({ type: 'userInfo', data: { token: 'fresh.token', user: null } })
    expect((await both).map((r) => r.success)).toEqual([true, true])
    expect(ios.goToLogin).toHaveBeenCalledTimes(1)
  })

  it('in the app, returns the failure when the user comes back without signing in', async () => {
    vi.useFakeTimers()
    const ios = installIosHost('getUserInfo', 'goToLogin')
    const { httpGet, server } = await load(() => envelope(null, { result: 'UNAUTHORIZED', msg: '请先登录' }, 401), {
      ua: UA_WITHOUT_TOKEN,
    })
    ;(await import('@shared/bridge')).startBridge()
    const result = httpGet('/v1/goods/spaces')
    await vi.advanceTimersByTimeAsync(0)
    sendFromHost({ type: 'visibleChange', data: { result: true } })
    await vi.advanceTimersByTimeAsync(LOGIN_SETTLE_MS)
    expect(await result).toMatchObject({ success: false, code: 401, msg: '请先登录' })
    expect(server).toHaveBeenCalledTimes(2)
    expect(ios.goToLogin).toHaveBeenCalledTimes(1) // the second refusal opens no second login screen
  })

  it('outside the app, where there is no login screen, returns a failure that says to sign in in the app', async () => {
    const { httpGet } = await load(() => envelope(null, { result: 'UNAUTHORIZED', msg: '请先登录' }, 401))
    expect(await httpGet('/v1/goods/spaces')).toEqual({
      success: false,
      data: null,
      msg: '请在App内登录后查看',
      code: 401,
      result: 'UNAUTHORIZED',
    })
  })

  it('in an app without the login call, returns the server failure as is', async () => {
    installIosHost('getUserInfo')
    const { httpGet } = await load(() => envelope(null, { result: 'UNAUTHORIZED', msg: '请先登录' }, 401))
    expect(await httpGet('/v1/goods/spaces')).toMatchObject({ success: false, code: 401, msg: '请先登录' })
  })
})

describe('encrypted data (eType 1)', () => {
  it('is left as is against the test API', async () => {
    const ios = installIosHost('nativeDecrypt')
    const { httpGet, getApiBase } = await load(() => envelope('c1pher', { eType: 1 }), {
      url: 'https://test-h5.kidsenglish.example.com/',
    })
    expect(getApiBase()).toBe(TEST_API_BASE)
    expect((await httpGet('/v1/share/uar')).data).toBe('c1pher')
    expect(ios.nativeDecrypt).not.toHaveBeenCalled()
  })

  it('is decrypted by the app against the production API', async () => {
    const ios = installIosHost('nativeDecrypt')
    ios.nativeDecrypt!.mockImplementation(({ id, data }: { id: string; data: string }) => {
      queueMicrotask(() => sendFromHost({ type: 'decryptResult', data: { id, data: `{"plain":"${data}"}` } }))
    })
    const { httpGet, getApiBase } = await load(() => envelope('c1pher', { eType: 1 }), {
      url: `https://${PRODUCTION_PAGE_HOST}/recorded_share/`,
    })
    expect(getApiBase()).toBe(PRODUCTION_API_BASE)
    expect(await httpGet('/v1/share/uar')).toMatchObject({ success: true, data: { plain: 'c1pher' } })
  })

  it('is not sent to the app when eType is not 1', async () => {
    const ios = installIosHost('nativeDecrypt')
    const { httpGet } = await load(() => envelope({ a: 1 }), { url: `https://${PRODUCTION_PAGE_HOST}/` })
    expect((await httpGet('/v1/share/uar')).data).toEqual({ a: 1 })
    expect(ios.nativeDecrypt).not.toHaveBeenCalled()
  })

  it('fails when the app cannot decrypt', async () => {
    const { httpGet } = await load(() => envelope('c1pher', { eType: 1 }), { url: `https://${PRODUCTION_PAGE_HOST}/` })
    expect(await httpGet('/v1/share/uar')).toMatchObject({ success: false, data: null, msg: '请求失败' })
  })
})

describe('the client', () => {
  it('is rebuilt on the defaults of the latest test reset, and only then', async () => {
    const { httpGet, resetHttpClientForTests, server } = await load(() => envelope('first'))
    expect(await httpGet('/v1/a')).toMatchObject({ data: 'first' })
    expect(await httpGet('/v1/b')).toMatchObject({ data: 'first' })
    const second = fakeServer(() => envelope('second'))
    resetHttpClientForTests({ adapter: second })
    expect(await httpGet('/v1/c')).toMatchObject({ data: 'second' })
    expect(server).toHaveBeenCalledTimes(2)
    expect(second).toHaveBeenCalledOnce()
  })
})

describe('through the fetch adapter', () => {
  it('sends no User-Agent of its own, which WebKit would send and the API on its own origin would refuse at the preflight', async () => {
    const { httpGet, resetHttpClientForTests } = await load(() => envelope(null))
    const sent: Request[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init))
      return Promise.resolve(
        new Response(JSON.stringify({ result: 'SUCCESS', data: 'ok', msg: '' }), { headers: { 'content-type': 'application/json' } }),
      )
    })
    // The real adapter, not the fake server.
    resetHttpClientForTests({ env: { fetch: globalThis.fetch } })
    expect(await httpGet('/v1/goods/spaces')).toMatchObject({ success: true, data: 'ok' })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer ua.token')
    expect(sent[0]!.headers.get('User-Agent')).toBeNull()
  })
})
