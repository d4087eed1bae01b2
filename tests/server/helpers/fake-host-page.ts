/**
 * A page of the server running the fake host's script (server/fake-host/fake-host.js) in happy-dom, as the
 * demo injects it: its `fetch` goes to `app.inject` (no port), what the host sends the page is collected.
 */
import { readFileSync } from 'node:fs'
import { Window } from 'happy-dom'
import { afterEach } from 'vitest'
import { FAKE_HOST_FILE } from '../../../server/paths'
import type { ServerTestContext } from './test-app'

const SCRIPT = readFileSync(FAKE_HOST_FILE, 'utf8')
const ORIGIN = 'http://127.0.0.1:3000'

interface Init {
  method?: string
  headers?: Record<string, string>
  body?: string
}

export interface FakeHostGlobals {
  fetch: (url: string, init?: Init) => Promise<{ status: number; ok: boolean; json(): Promise<unknown> }>
  KidsEnglishBridge?: Record<string, (json?: string) => void>
  __FAKE_HOST_CONFIG__?: object
  onNativeMessage?: (message: { type: string; data?: unknown }) => void
}

/** Registers the file's clean-up; `page(token)` opens /self_service_baidu with the fake host configured for `token`. */
export function fakeHostPages(server: ServerTestContext) {
  let windows: Window[] = []
  afterEach(async () => {
    await Promise.all(windows.map((w) => w.happyDOM.close()))
    windows = []
  })
  return function page(token: string) {
    const window = new Window({ url: `${ORIGIN}/self_service_baidu?from=generate_book&albumId=13&supportSuffix=pdf` })
    windows.push(window)
    const g = window as unknown as FakeHostGlobals
    g.fetch = async (url, init = {}) => {
      const res = await server.inject({
        method: (init.method ?? 'GET') as 'GET' | 'POST',
        url: new URL(url, ORIGIN).pathname,
        headers: init.headers,
        payload: init.body,
      })
      return { status: res.statusCode, ok: res.statusCode < 300, json: async () => res.json() }
    }
    const received: { type: string; data?: unknown }[] = []
    g.__FAKE_HOST_CONFIG__ = { token }
    g.onNativeMessage = (m) => received.push(m)
    window.eval(SCRIPT)
    return { g, received }
  }
}
