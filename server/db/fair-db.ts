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

/**
 * At most this many statements of one lane run at once on one instance (PostgreSQL's pool holds 10):
 * one user's flood of heavy listings sent to every instance then takes 2 of each instance's
 * connections, and the database's CPU, not all of them (issue 40 item 4). Each instance still serves
 * the lanes in turn; this bounds what one lane holds while nobody else is waiting.
 */
export const PER_LANE = 2

/** The lane of work done outside any request or job (start-up, the collectors). */
const SERVER_LANE = 'server'

/** Runs `fn` with every database call it makes (and the ones it starts) in the lane `key`. */
export function inLane<T>(key: string, fn: () => T): T {
  return lanes.run(key, fn)
}

/** The lane of the code running now. */
export const currentLane = () => lanes.getStore() ?? SERVER_LANE

/** A lane with calls waiting: its queue, and its place in line (the turn it was last served at). */
interface WaitingLane {
  lane: string
  queue: (() => void)[]
  servedAt: number
  /** Arrival order among lanes served at the same turn (never served: 0). */
  seq: number
}

const before = (a: WaitingLane, b: WaitingLane) => a.servedAt < b.servedAt || (a.servedAt === b.servedAt && a.seq < b.seq)

/**
 * Turns between lanes: `acquire` resolves when this lane's call may run; `release` when it is done.
 * The lanes with calls waiting are kept in a binary heap by the turn each was last served at, so
 * taking the next one costs O(log lanes), never a scan of every lane waiting.
 */
class Turns {
  private readonly heap: WaitingLane[] = []
  private readonly waiting = new Map<string, WaitingLane>()
  /** Lanes with calls waiting that already run `perLane` calls: out of line until one ends. */
  private readonly parked = new Map<string, WaitingLane>()
  /** Per lane with calls running: how many, and the turn it was last served at. */
  private readonly busy = new Map<string, { running: number; servedAt: number }>()
  private running = 0
  private turn = 0
  private arrivals = 0

  constructor(
    private readonly concurrency: number,
    private readonly perLane = concurrency,
  ) {}

  acquire(lane: string): Promise<void> {
    if (this.running < this.concurrency && this.heap.length === 0 && this.mayStart(lane)) {
      this.start(lane)
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const waiting = this.waiting.get(lane)
      if (waiting) return void waiting.queue.push(resolve)
      // A lane that was idle comes in as served at its last turn while busy, else never (0).
      const entry = { lane, queue: [resolve], servedAt: this.busy.get(lane)?.servedAt ?? 0, seq: ++this.arrivals }
      this.waiting.set(lane, entry)
      if (this.mayStart(lane)) this.push(entry)
      else this.parked.set(lane, entry)
    })
  }

  release(lane: string): void {
    this.running--
    const state = this.busy.get(lane)!
    if (--state.running === 0) this.busy.delete(lane)
    // The lane may run one more now: back in line if it was waiting for that.
    const parked = this.parked.get(lane)
    if (parked) {
      this.parked.delete(lane)
      this.push(parked)
    }
    while (this.running < this.concurrency && this.heap.length > 0) {
      const next = this.pop()
      const resolve = next.queue.shift()!
      this.start(next.lane)
      if (next.queue.length === 0) {
        this.waiting.delete(next.lane)
      } else {
        next.servedAt = this.turn
        next.seq = ++this.arrivals
        if (this.mayStart(next.lane)) this.push(next)
        else this.parked.set(next.lane, next)
      }
      resolve()
    }
  }

  /** Whether one more call of `lane` may run now (fewer than `perLane` of its calls are running). */
  private mayStart(lane: string): boolean {
    return (this.busy.get(lane)?.running ?? 0) < this.perLane
  }

  private start(lane: string): void {
    this.running++
    const state = this.busy.get(lane) ?? { running: 0, servedAt: 0 }
    state.running++
    state.servedAt = ++this.turn
    this.busy.set(lane, state)
  }

  private push(entry: WaitingLane): void {
    const heap = this.heap
    heap.push(entry)
    for (let i = heap.length - 1; i > 0;) {
      const parent = (i - 1) >> 1
      if (!before(heap[i]!, heap[parent]!)) break
      ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
      i = parent
    }
  }

  private pop(): WaitingLane {
    const heap = this.heap
    const top = heap[0]!
    const last = heap.pop()!
    if (heap.length === 0) return top
    heap[0] = last
    for (let i = 0; ;) {
      const left = 2 * i + 1
      const right = left + 1
      let least = i
      if (left < heap.length && before(heap[left]!, heap[least]!)) least = left
      if (right < heap.length && before(heap[right]!, heap[least]!)) least = right
      if (least === i) return top
      ;[heap[i], heap[least]] = [heap[least]!, heap[i]!]
      i = least
    }
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
export function fairDb(db: Db, concurrency = db.kind === 'pglite' ? 1 : PG_POOL_SIZE, perLane = PER_LANE): Db {
  const turns = new Turns(concurrency, Math.min(perLane, concurrency))
  const queryable: Queryable = {
    query: (sql, params) => turns.run(() => db.query(sql, params)),
    exec: (sql) => turns.run(() => db.exec(sql)),
  }
  return {
    kind: db.kind,
    ...(db.url !== undefined ? { url: db.url } : {}),
    ...queryable,
    transaction: (fn) => turns.run(() => db.transaction(fn)),
    batch: (statements) => turns.run(() => db.batch(statements)),
    close: () => db.close(),
  }
}
