/**
 * The fake host's baiduAuthorize against the real app: it grants the demo drive to the current
 * demo user through the development route, then tells the page it is visible again. The page's
 * fetch goes to `app.inject` (no port).
 */
import { readFileSync } from 'node:fs'
import { Window } from 'happy-dom'
import { afterEach, expect, it } from 'vitest'
import { BASIC, envelope, setupServer, VIP } from './helpers/test-app'

const SCRIPT = readFileSync(new URL('../../server/fake-host/fake-host.js', import.meta.url), 'utf8')
const server = setupServer({ devRoutes: true })
const ORIGIN = 'http://127.0.0.1:3000'

interface Init {
  method?: string
  headers?: Record<string, string>
  body?: string
}

interface Globals {
  fetch: (url: string, init?: Init) => Promise<{ status: number }>
  KidsEnglishBridge?: Record<string, (json?: string) => void>
  __FAKE_HOST_CONFIG__?: object
  onNativeMessage?: (message: { type: string; data?: unknown }) => void
  __fakeHost: { calls: { name: string }[] }
}

let windows: Window[] = []
afterEach(async () => {
  await Promise.all(windows.map((w) => w.happyDOM.close()))
  windows = []
})

/** A page of the server with the fake host script, configured for `token`. */
function page(token: string) {
  const window = new Window({ url: `${ORIGIN}/self_service_baidu?from=generate_book&albumId=13&supportSuffix=pdf` })
  windows.push(window)
  const g = window as unknown as Globals
  g.fetch = async (url, init = {}) => {
    const res = await server.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: new URL(url, ORIGIN).pathname,
      headers: init.headers,
      payload: init.body,
    })
    return { status: res.statusCode }
  }
  const received: { type: string; data?: unknown }[] = []
  g.__FAKE_HOST_CONFIG__ = { token }
  g.onNativeMessage = (m) => received.push(m)
  window.eval(SCRIPT)
  return { g, received }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

const status = async (headers: Record<string, string>) => envelope(await server.get('/v1/cloudDrive/status', headers)).data

it('answers baiduAuthorize by granting the demo drive to the configured user, then sends visibleChange true', async () => {
  const { g, received } = page('demo-basic-token')
  expect(await status(BASIC)).toEqual({ authorized: false, accountName: '' })
  g.KidsEnglishBridge!.baiduAuthorize!('{}')
  await until(() => received.length === 1)
  expect(received[0]).toEqual({ type: 'visibleChange', data: { result: true } })
  // The grant is in place by the time the page hears it is visible again.
  expect(await status(BASIC)).toEqual({ authorized: true, accountName: '乐乐爸爸的网盘' })
  expect(await status(VIP)).toEqual({ authorized: false, accountName: '' })
})
