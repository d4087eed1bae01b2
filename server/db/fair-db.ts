/**
 * Shares the database fairly between users (issue 32 item 4). PGlite runs one statement at a time, on
 * one thread, in the order they arrive: one user's 8 listings and 2 imports queued ahead of another
 * user's listing made that one wait for all of them. Here each statement (or whole transaction) first
 * waits in the lane of whoever asked — a user, a token, an address (`inLane`) — and the lanes take
 * turns: at most `concurrency` run at once (PGlite 1, a PostgreSQL pool its size), the next one taken
 * from the lane served longest ago (a lane that was idle comes first). A busy user then delays another
 * by about one of its statements, not by its whole queue.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Db, Queryable } from './db'
import { PG_POOL_SIZE } from './pg-db'

const lanes = new AsyncLocalStorage<string>()

/** The lane of work done outside any request or job (start-up, the collectors). */
const SERVER_LANE = 'server'

/** Runs `fn` with every database call it makes (and the ones it starts) in the lane `key`. */
export function inLane<T>(key: string, fn: () => T): T {
  return lanes.run(key, fn)
}

/** The lane of the code running now. */
export const currentLane = () => lanes.getStore() ?? SERVER_LANE

/** Turns between lanes: `acquire` resolves when this lane's call may run; `release` when it is done. */
class Turns {
  /** Calls waiting, per lane. */
  private readonly waiting = new Map<string, (() => void)[]>()
  /** Per lane with work waiting or running: its calls running, and the turn it was last served at. */
  private readonly lanes = new Map<string, { running: number; servedAt: number }>()
  private running = 0
  private turn = 0

  constructor(private readonly concurrency: number) {}

  acquire(lane: string): Promise<void> {
    if (this.running < this.concurrency && this.waiting.size === 0) {
      this.start(lane)
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(lane)
      if (queue) queue.push(resolve)
      else this.waiting.set(lane, [resolve])
    })
  }

  release(lane: string): void {
    this.running--
    const state = this.lanes.get(lane)!
    // A lane with nothing left is forgotten: next time it comes, it goes first.
    if (--state.running === 0 && !this.waiting.has(lane)) this.lanes.delete(lane)
    while (this.running < this.concurrency && this.waiting.size > 0) {
      // The lane served longest ago (never, for a new one); the first to wait among equals.
      let next = ''
      let oldest = Infinity
      for (const waiting of this.waiting.keys()) {
        const servedAt = this.lanes.get(waiting)?.servedAt ?? 0
        if (servedAt < oldest) [next, oldest] = [waiting, servedAt]
      }
      const queue = this.waiting.get(next)!
      const resolve = queue.shift()!
      if (queue.length === 0) this.waiting.delete(next)
      this.start(next)
      resolve()
    }
  }

  private start(lane: string): void {
    this.running++
    const state = this.lanes.get(lane) ?? { running: 0, servedAt: 0 }
    state.running++
    state.servedAt = ++this.turn
    this.lanes.set(lane, state)
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const lane = currentLane()
    await this.acquire(lane)
    try {
      return await work()
    } finally {
      this.release(lane)
    }
  }
}

/**
 * `db` with its calls taking turns by lane. A transaction takes one turn for all of it (its own
 * statements go straight through), so code inside a transaction must use the `tx` it is given — as
 * it must anyway: on PGlite a statement outside the open transaction waits for it to end.
 */
export function fairDb(db: Db, concurrency = db.kind === 'pglite' ? 1 : PG_POOL_SIZE): Db {
  const turns = new Turns(concurrency)
  const queryable: Queryable = {
    query: (sql, params) => turns.run(() => db.query(sql, params)),
    exec: (sql) => turns.run(() => db.exec(sql)),
  }
  return {
    kind: db.kind,
    ...queryable,
    transaction: (fn) => turns.run(() => db.transaction(fn)),
    batch: (statements) => turns.run(() => db.batch(statements)),
    close: () => db.close(),
  }
}
