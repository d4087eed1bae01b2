/**
 * The one-run-at-a-time lock of a deploy target (`.releases/.lock`), one implementation for every store.
 * The lock names its holder (pid, host, start) and is refreshed while the run lasts. Another run
 * refuses, naming the holder, unless the holder is known to be gone: on the same host, a process that
 * no longer exists or is a zombie (a deploy killed mid-run, not yet reaped); from another host (a
 * bucket, shared storage), a lock not refreshed for STALE_AFTER_MS. Such a lock is taken over, saying
 * so (what the killed run left behind is the run's to clean: run/locked-run.ts).
 */
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { DeliveryError } from '../errors.ts'
import { toStderr, type Notice } from '../notice.ts'
import type { Store } from '../store/store.ts'
import { RELEASES } from './records.ts'

export const LOCK_KEY = `${RELEASES}/.lock`
/** A lock from another host not refreshed for this long is taken to be a dead run's. */
export const STALE_AFTER_MS = 2 * 60_000
/** How often a run refreshes its lock: well within STALE_AFTER_MS, even with a slow store. */
export const REFRESH_MS = 15_000

interface Holder {
  pid: number
  host: string | null
  since: string
  /** Absent in locks written before locks were refreshed: such a lock is never judged by its age. */
  refreshed: string | null
}

/** `pid 123 host web-1 since 2026-… refreshed 2026-… run 9f2c…` (older runs wrote less). */
function readHolder(text: string): Holder | null {
  const match = /^pid (\d+)(?: host (\S+))? since (\S+)(?: refreshed (\S+))?/.exec(text.trim())
  return match ? { pid: Number(match[1]), host: match[2] ?? null, since: match[3]!, refreshed: match[4] ?? null } : null
}

/** True while process `pid` of this machine exists (EPERM: it exists but is not ours). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * True when `pid` is a zombie: it has exited and only waits for its parent to read its status (a deploy
 * killed by a parent that has not reaped it yet). `kill(pid, 0)` still succeeds for it. Linux: the state
 * letter of /proc/<pid>/stat; elsewhere `false`.
 */
export function processZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // `pid (comm) S …`: comm may hold spaces and parentheses, so read after the last `)`.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state === 'Z' || state === 'X'
  } catch {
    return false
  }
}

/** Why a holder is taken to be gone, or `null` while it may still be running. */
function goneReason(holder: Holder, now: number): string | null {
  if (holder.host === null || holder.host === hostname()) {
    return processAlive(holder.pid) && !processZombie(holder.pid) ? null : 'which is no longer running'
  }
  if (holder.refreshed === null) return null
  const age = now - Date.parse(holder.refreshed)
  return age > STALE_AFTER_MS ? `not refreshed since ${holder.refreshed} (over ${STALE_AFTER_MS / 60_000} min): taken to be dead` : null
}

function describe(holder: Holder | null): string {
  if (!holder) return 'unknown holder'
  const where = `pid ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}, started ${holder.since}`
  return holder.refreshed ? `${where}, last refreshed ${holder.refreshed}` : where
}

/** The lock a run holds. */
export interface HeldLock {
  /** Throws when another run has taken the lock over (this run was judged dead): stop writing. */
  assertHeld(): void
}

class Lease implements HeldLock {
  private timer: NodeJS.Timeout | undefined
  private refreshing: Promise<void> = Promise.resolve()
  private lost = false
  private readonly since = new Date().toISOString()
  private readonly token = randomBytes(6).toString('hex')
  record: Buffer

  constructor(private readonly store: Store) {
    this.record = this.next()
  }

  /** This run's lock record, refreshed now. */
  next(): Buffer {
    return Buffer.from(
      `pid ${process.pid} host ${hostname()} since ${this.since} refreshed ${new Date().toISOString()} run ${this.token}\n`,
    )
  }

  start(refreshMs: number): void {
    let busy = false
    this.timer = setInterval(() => {
      // A refresh slower than the interval is not queued behind: the next tick after it writes.
      if (busy) return
      busy = true
      this.refreshing = this.refresh().finally(() => (busy = false))
    }, refreshMs)
    this.timer.unref()
  }

  private async refresh(): Promise<void> {
    if (this.lost) return
    const next = this.next()
    try {
      if (await this.store.replaceIf(LOCK_KEY, this.record, next)) this.record = next
      else this.lost = true
    } catch {
      // The store did not answer this time: the next refresh tries again, well before the lock goes stale.
    }
  }

  assertHeld(): void {
    if (this.lost) {
      throw new DeliveryError(`${this.store.name}: another run took the lock over while this one ran; stopped before writing more`)
    }
  }

  async release(): Promise<void> {
    clearInterval(this.timer)
    await this.refreshing
    if (this.lost) return
    const now = await this.store.get(LOCK_KEY).catch(() => null)
    if (now?.equals(this.record)) await this.store.delete(LOCK_KEY)
  }
}

/** Takes the lock, taking over the lock of a run known to be gone; refuses when a live run holds it. */
async function acquire(store: Store, notice: Notice): Promise<Lease> {
  const lease = new Lease(store)
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await store.createIfAbsent(LOCK_KEY, lease.record)) return lease
    const text = await store.get(LOCK_KEY)
    // Released between the two calls: try to create it once more.
    if (!text) continue
    const holder = readHolder(text.toString('utf8'))
    const reason = holder && goneReason(holder, Date.now())
    if (holder && reason) {
      lease.record = lease.next()
      if (await store.replaceIf(LOCK_KEY, text, lease.record)) {
        const who = holder.host && holder.host !== hostname() ? `pid ${holder.pid} on ${holder.host}` : `pid ${holder.pid}`
        notice(`took over the lock of an interrupted run (${who}, started ${holder.since}), ${reason}`)
        return lease
      }
    }
    throw new DeliveryError(`${store.name} is locked by another run that is still going (${describe(holder)}); wait for it to finish`)
  }
  throw new DeliveryError(`${store.name} is locked and unlocked by other runs again and again; try again`)
}

export interface LockOptions {
  notice?: Notice
  /** How often the lock is refreshed (REFRESH_MS). */
  refreshMs?: number
}

/** Runs `fn` holding the target's lock, so two runs never interleave; the lock is released however `fn` ends. */
export async function withLock<T>(store: Store, fn: (lock: HeldLock) => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lease = await acquire(store, options.notice ?? toStderr)
  lease.start(options.refreshMs ?? REFRESH_MS)
  try {
    return await fn(lease)
  } finally {
    await lease.release()
  }
}
