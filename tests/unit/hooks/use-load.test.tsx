/** shared/hooks/use-load.ts: the pages' one load cycle. */
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useLoad } from '@shared/hooks/use-load'
import { LOAD_FAILED } from '@shared/http/message-or'
import type { ApiResult } from '@shared/http'

const ok = <T,>(data: T): ApiResult<T> => ({ success: true, data, msg: '', code: 200, result: 'SUCCESS' })
const failed = (msg: string): ApiResult<never> => ({ success: false, data: null, msg, code: 500, result: 'ERROR' })

/** A load whose answers the test gives, one call at a time. */
function controlled<T>() {
  const answers: ((result: ApiResult<T>) => void)[] = []
  const load = vi.fn((_signal: AbortSignal) => new Promise<ApiResult<T>>((resolve) => answers.push(resolve)))
  return { load, answer: async (i: number, result: ApiResult<T>) => act(async () => answers[i]!(result)) }
}

describe('useLoad', () => {
  it('loads on mount and parses the data', async () => {
    const { result } = renderHook(() => useLoad(async () => ok(2), { parse: (n) => (n ?? 0) * 10 }))
    expect(result.current.state).toEqual({ status: 'loading' })
    await waitFor(() => expect(result.current.state).toEqual({ status: 'loaded', data: 20 }))
  })

  it("fails with the server's message, or the fallback when it gave none of its own, and reports it", async () => {
    const onFailed = vi.fn()
    const { result } = renderHook(() => useLoad(async () => failed('请求失败'), { parse: (d) => d, fallback: LOAD_FAILED, onFailed }))
    await waitFor(() => expect(result.current.state).toEqual({ status: 'failed', msg: LOAD_FAILED }))
    expect(onFailed).toHaveBeenCalledWith(LOAD_FAILED)
  })

  it('loads again on retry, and keeps what is on screen when a quiet reload fails', async () => {
    const { load, answer } = controlled<number>()
    const { result } = renderHook(() => useLoad(load, { parse: (n) => n }))
    await answer(0, failed('忙'))
    expect(result.current.state).toEqual({ status: 'failed', msg: '忙' })
    act(() => result.current.retry())
    expect(result.current.state).toEqual({ status: 'loading' })
    await answer(1, ok(1))
    act(() => void result.current.refresh())
    await answer(2, failed('忙'))
    expect(result.current.state).toEqual({ status: 'loaded', data: 1 })
  })

  it('uses only the latest answer', async () => {
    const { load, answer } = controlled<number>()
    const { result } = renderHook(() => useLoad(load, { parse: (n) => n }))
    act(() => void result.current.refresh())
    await answer(1, ok(2))
    await answer(0, ok(1))
    expect(result.current.state).toEqual({ status: 'loaded', data: 2 })
  })

  it('drops the answer of a retry that arrives after unmount', async () => {
    const { load, answer } = controlled<number>()
    const onFailed = vi.fn()
    const { result, unmount } = renderHook(() => useLoad(load, { parse: (n) => n, onFailed }))
    await answer(0, failed('忙'))
    act(() => result.current.retry())
    unmount()
    await answer(1, failed('又忙'))
    expect(onFailed).toHaveBeenCalledTimes(1)
    expect(load.mock.calls[1]![0].aborted).toBe(true)
  })

  it('changes the loaded data on screen until the next answer', async () => {
    const { load, answer } = controlled<number[]>()
    const { result } = renderHook(() => useLoad(load, { parse: (list) => list ?? [] }))
    act(() => result.current.update((list) => [...list, 9]))
    expect(result.current.state).toEqual({ status: 'loading' })
    await answer(0, ok([1]))
    act(() => result.current.update((list) => [...list, 9]))
    expect(result.current.state).toEqual({ status: 'loaded', data: [1, 9] })
  })

  it('fails at once and for good, with no message and no request, without a load', () => {
    const { result } = renderHook(() => useLoad<number>(null, { parse: (n) => n ?? 0 }))
    expect(result.current.state).toEqual({ status: 'failed', msg: '', final: true })
    act(() => result.current.retry())
    expect(result.current.state).toEqual({ status: 'failed', msg: '', final: true })
  })

  it.each([
    [404, true],
    [403, true],
    [400, true],
    [429, false],
    [500, false],
    [503, false],
  ])('fails for good on a %i: %s', async (code, final) => {
    const { result } = renderHook(() => useLoad<number>(() => Promise.resolve({ ...failed('不行'), code }), { parse: (n) => n ?? 0 }))
    await waitFor(() => expect(result.current.state.status).toBe('failed'))
    expect(result.current.state).toEqual(final ? { status: 'failed', msg: '不行', final: true } : { status: 'failed', msg: '不行' })
  })
})

describe('useLoad with a reply kept from the last open', () => {
  it('draws the kept data in the first render and asks again on mount', () => {
    const { load } = controlled<{ title: string }>()
    const { result } = renderHook(() => useLoad(load, { parse: (d) => d?.title, kept: () => ok({ title: '上次' }) }))
    expect(result.current.state).toEqual({ status: 'loaded', data: '上次' })
    expect(load).toHaveBeenCalledOnce()
  })

  it("shows the answer when it differs, and keeps the first render's data when it says the same", async () => {
    const parse = vi.fn((d: { title: string } | null) => ({ title: d?.title }))
    const same = controlled<{ title: string }>()
    const unchanged = renderHook(() => useLoad(same.load, { parse, kept: () => ok({ title: '上次' }) }))
    const drawn = unchanged.result.current.state
    await same.answer(0, ok({ title: '上次' }))
    expect(unchanged.result.current.state).toBe(drawn) // not even a new object: nothing on screen restarts

    const changed = controlled<{ title: string }>()
    const { result } = renderHook(() => useLoad(changed.load, { parse, kept: () => ok({ title: '上次' }) }))
    await changed.answer(0, ok({ title: '这次' }))
    expect(result.current.state).toEqual({ status: 'loaded', data: { title: '这次' } })
  })

  it('keeps the kept data on screen, saying nothing, when asking again fails', async () => {
    const { load, answer } = controlled<number>()
    const onFailed = vi.fn()
    const { result } = renderHook(() => useLoad(load, { parse: (n) => n, onFailed, kept: () => ok(7) }))
    await answer(0, failed('网络错误，请检查您的网络连接'))
    expect(result.current.state).toEqual({ status: 'loaded', data: 7 })
    expect(onFailed).not.toHaveBeenCalled()
  })

  it('prefers a fresh reply that has already arrived over the kept one', () => {
    const { load } = controlled<number>()
    const { result } = renderHook(() => useLoad(load, { parse: (n) => n, arrived: () => ok(2), kept: () => ok(1) }))
    expect(result.current.state).toEqual({ status: 'loaded', data: 2 })
    expect(load).not.toHaveBeenCalled()
  })
})
