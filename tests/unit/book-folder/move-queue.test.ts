import { describe, expect, it, vi } from 'vitest'
import type { ApiResult } from '@shared/http'
import { createMoveQueue } from '../../../pages/generate_book/list/move-queue'

const ok: ApiResult<null> = { success: true, data: null, msg: '请求成功', code: 200, result: 'SUCCESS' }
const bad: ApiResult<null> = { success: false, data: null, msg: '排序失败', code: 400, result: 'BAD_REQUEST' }

function deferred() {
  let resolve!: (value: ApiResult<null>) => void
  const promise = new Promise<ApiResult<null>>((r) => (resolve = r))
  return { promise, resolve }
}

describe('createMoveQueue', () => {
  it('sends an order with all ids', async () => {
    const send = vi.fn().mockResolvedValue(ok)
    const queue = createMoveQueue(send, vi.fn())
    queue.push(5, [3, 1, 2])
    await queue.idle()
    expect(send).toHaveBeenCalledWith(5, [3, 1, 2])
  })

  it('sends one order at a time and only the latest of those waiting', async () => {
    const first = deferred()
    const send = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue(ok)
    const queue = createMoveQueue(send, vi.fn())
    queue.push(5, [2, 1, 3])
    queue.push(5, [2, 3, 1])
    queue.push(5, [3, 2, 1])
    expect(send).toHaveBeenCalledTimes(1)
    first.resolve(ok)
    await queue.idle()
    expect(send.mock.calls).toEqual([
      [5, [2, 1, 3]],
      [5, [3, 2, 1]],
    ])
  })

  it('reports a failed save with the server message and the order', async () => {
    const onFail = vi.fn()
    const queue = createMoveQueue(vi.fn().mockResolvedValue(bad), onFail)
    queue.push(5, [2, 1])
    await queue.idle()
    expect(onFail).toHaveBeenCalledWith('排序失败', 5, [2, 1])
  })

  it('keeps going after a sender that throws', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(ok)
    const onFail = vi.fn()
    const queue = createMoveQueue(send, onFail)
    queue.push(5, [2, 1])
    await queue.idle()
    queue.push(5, [1, 2])
    await queue.idle()
    expect(onFail).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenLastCalledWith(5, [1, 2])
  })

  it('is idle at once when nothing was pushed', async () => {
    await expect(createMoveQueue(vi.fn(), vi.fn()).idle()).resolves.toBeUndefined()
  })
})
