import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { vi, type Mock } from 'vitest'

/** What the fake server answers: a status and a body sent as text (JSON is stringified), or no reply. */
export type FakeReply = { status: number; body: unknown } | 'no-response' | 'timeout' | 'never'

/**
 * An axios adapter standing in for the network. It answers like axios's own adapters: the body arrives
 * as text (axios parses JSON itself), and the instance's `validateStatus` decides resolve or reject.
 * The spy records every request config.
 */
export function fakeServer(reply: (config: InternalAxiosRequestConfig) => FakeReply): Mock<AxiosAdapter> {
  return vi.fn<AxiosAdapter>((config) => {
    const answer = reply(config)
    if (answer === 'never') return new Promise(() => {})
    if (answer === 'no-response') return Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config))
    if (answer === 'timeout') {
      return Promise.reject(new AxiosError('timeout of 15000ms exceeded', 'ECONNABORTED', config))
    }
    const response = {
      data: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders({ 'content-type': 'application/json' }),
      config,
    }
    if (config.validateStatus && !config.validateStatus(answer.status)) {
      return Promise.reject(new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response))
    }
    return Promise.resolve(response)
  })
}

/** A reply with the envelope of docs/contracts/api.md. */
export const envelope = (data: unknown, extra: Record<string, unknown> = {}, status = 200): FakeReply => ({
  status,
  body: { result: 'SUCCESS', data, msg: '', ...extra },
})

/** Moves this test page to `url` (changes location, hence the API base). */
export function visit(url: string): void {
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url)
}
