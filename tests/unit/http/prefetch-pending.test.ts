/** shared/http/prefetch.ts: how many early requests are still on their way (the first screen starts the page's code at 0). */
import { afterEach, describe, expect, it } from 'vitest'
import {
  earlyRequestsPending,
  onPrefetchSettled,
  PREFETCH_PENDING_GLOBAL,
  putPrefetched,
  type PrefetchedReply,
} from '@shared/http/prefetch'

const reply = (): PrefetchedReply => ({ status: 200, body: { result: 'SUCCESS', data: {} } })

afterEach(() => {
  for (const name of [PREFETCH_PENDING_GLOBAL, '__kidsPrefetch', '__kidsPrefetchSettled', '__kidsPrefetchWatch'])
    delete (window as unknown as Record<string, unknown>)[name]
})

describe('earlyRequestsPending', () => {
  it('counts a request from its start to its settling, failures too, and a request a reply leads to before that reply’s listeners run', async () => {
    expect(earlyRequestsPending()).toBe(0)
    let answer!: (value: PrefetchedReply) => void
    const first = new Promise<PrefetchedReply>((resolve) => (answer = resolve))
    putPrefetched('/v1/status', undefined, first)
    putPrefetched('/v1/broken', undefined, Promise.reject(new Error('offline')))
    expect(earlyRequestsPending()).toBe(2)
    const seen: number[] = []
    onPrefetchSettled(() => seen.push(earlyRequestsPending()))
    // As first-requests.ts does for FirstRequest.then: the next request starts from the reply.
    void first.then(() => putPrefetched('/v1/listing', undefined, Promise.resolve(reply())))
    answer(reply())
    await new Promise((resolve) => setTimeout(resolve, 0))
    // listing starts as status's reply lands, before any listener runs: broken settles (2 left), status
    // settles (1: listing), listing settles (0). Never 0 while a request is on its way.
    expect(seen).toEqual([2, 1, 0])
    expect(earlyRequestsPending()).toBe(0)
  })
})
