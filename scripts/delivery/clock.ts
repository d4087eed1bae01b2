/**
 * Time as a run reads and spends it: the lock's age, the store's backoff, the watch's window. Injectable, so
 * a test of a two-minute rule or a backoff of tens of seconds takes no time.
 */
import { setTimeout as wait } from 'node:timers/promises'

export interface Clock {
  /** Milliseconds since the epoch, as `Date.now()`. */
  now(): number
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms) => {
    await wait(ms)
  },
}
