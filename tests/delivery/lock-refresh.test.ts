/**
 * A run whose lock cannot be refreshed (the store stops answering its writes) must stop writing before
 * another run may judge the lock dead and take it over (releases/lock.ts HOLD_MS), and one whose store
 * answers again in time goes on.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HOLD_MS, LOCK_KEY, STALE_AFTER_MS, withLock, type HeldLock } from '../../scripts/delivery/releases/lock'
import { DirStore } from '../../scripts/delivery/store/dir/dir-store'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lock-refresh-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The directory store, whose lock refreshes fail while `failing` is set (a store that does not answer). */
function flakyStore() {
  const store = new DirStore(dir)
  const state = { failing: false, refreshes: 0, failed: 0 }
  const replaceIf = store.replaceIf.bind(store)
  store.replaceIf = async (key, expected, bytes) => {
    if (key === LOCK_KEY) {
      state.refreshes++
      if (state.failing) {
        state.failed++
        throw Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' })
      }
    }
    return replaceIf(key, expected, bytes)
  }
  return { store, state }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `assertHeld` until it throws (5 s at most); its message, or null. */
async function whenLost(lock: HeldLock): Promise<string | null> {
  for (let i = 0; i < 250; i++) {
    try {
      lock.assertHeld()
    } catch (error) {
      return (error as Error).message
    }
    await sleep(20)
  }
  return null
}

describe('a run whose lock cannot be refreshed', () => {
  it('stops writing before another run may take its lock over', async () => {
    const { store, state } = flakyStore()
    const started = performance.now()
    const message = await withLock(
      store,
      async (lock) => {
        state.failing = true
        return whenLost(lock)
      },
      { refreshMs: 50, holdMs: 600, notice: () => {} },
    )
    const after = performance.now() - started
    expect(message).toMatch(
      /: the lock could not be refreshed for \d+ s \(the store did not answer\); stopped before writing more, since another run may take it over \(the same command finishes the job\)$/,
    )
    expect(after).toBeGreaterThanOrEqual(600)
    // It kept trying meanwhile, sooner than its interval would.
    expect(state.failed).toBeGreaterThanOrEqual(2)
  })

  it('goes on when the store answers again within the bound', async () => {
    const { store, state } = flakyStore()
    await withLock(
      store,
      async (lock) => {
        state.failing = true
        await sleep(300)
        state.failing = false
        const before = state.refreshes
        while (state.refreshes === before) await sleep(10)
        await sleep(50)
        // Written again: the lease runs from that write, well past the first 600 ms.
        await sleep(500)
        expect(() => lock.assertHeld()).not.toThrow()
      },
      { refreshMs: 50, holdMs: 600, notice: () => {} },
    )
    expect(state.failed).toBeGreaterThanOrEqual(1)
  })

  it('by default stops within a minute of its last write: before a host up to a minute ahead judges it dead', () => {
    expect(HOLD_MS).toBe(45_000)
    expect(HOLD_MS + 15_000).toBeLessThanOrEqual(STALE_AFTER_MS - 60_000)
  })
})
