import type { ApiResult } from '@shared/http'

/** Sends one order: `parentId`'s children as `ids`. */
export type SendMove = (parentId: number, ids: number[]) => Promise<ApiResult<null>>

/** A queue of order saves (React-free). */
export interface MoveQueue {
  /** Saves this order, after the one in flight; an order still waiting is replaced, not sent. */
  push(parentId: number, ids: number[]): void
  /** Resolves once nothing is in flight or waiting (a load waits for it, to read the saved order). */
  idle(): Promise<void>
}

/**
 * Saves drag orders one at a time, so two quick drags cannot reach the server in the wrong order
 * and leave the older order saved. Only the latest waiting order is sent: each carries all ids.
 * @param onFail told of every failed save; the order on screen is reconciled by the next load.
 */
export function createMoveQueue(send: SendMove, onFail: (msg: string, parentId: number, ids: number[]) => void): MoveQueue {
  let waiting: { parentId: number; ids: number[] } | null = null
  let running: Promise<void> | null = null

  async function drain(): Promise<void> {
    while (waiting) {
      const { parentId, ids } = waiting
      waiting = null
      try {
        const result = await send(parentId, ids)
        if (!result.success) onFail(result.msg, parentId, ids)
      } catch (error) {
        // The HTTP layer never rejects; this keeps a broken sender from stalling the queue for good.
        onFail(String(error), parentId, ids)
      }
    }
    running = null
  }

  return {
    push(parentId, ids) {
      waiting = { parentId, ids: [...ids] }
      running ??= drain()
    },
    idle: () => running ?? Promise.resolve(),
  }
}
