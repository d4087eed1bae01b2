/**
 * The one-run-at-a-time lock of a deploy target (`.releases/.lock`), one implementation for every store.
 * The lock names its holder (pid, host, start) and is refreshed every REFRESH_MS while the run lasts.
 * Another run refuses, naming the holder, unless the holder is known to be gone: on the same host, a
 * process that no longer exists or is a zombie (a deploy killed mid-run, not yet reaped); on any host, a
 * lock not refreshed for STALE_AFTER_MS (a live run always refreshes, so a live pid of this host that
 * stopped refreshing is another process that reuses the number). A lock that cannot be read that way
 * (garbage, empty, no refresh time, one in the future) is judged by when the store last wrote it, by the
 * same bound. Such a lock is taken over, saying so (what the killed run left behind is the run's to
 * clean: run/locked-run.ts). `breakLock` is the operator's way through, with a logged reason.
 */
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { hostname, userInfo } from 'node:os'
import { systemClock, type Clock } from '../clock.ts'
import { DeliveryError } from '../errors.ts'
import { toStderr, type Notice } from '../notice.ts'
import type { Store } from '../store/store.ts'
import { RELEASES } from './records.ts'

export const LOCK_KEY = `${RELEASES}/.lock`
/** A lock not refreshed (or, unreadable, not written) for this long is taken to be a dead run's. */
export const STALE_AFTER_MS = 2 * 60_000
/** A refresh time up to this far ahead of our clock is clock skew; further, it is impossible. */
const SKEW_MS = 60_000
/** Where `--unlock` records each lock it broke, one object each. */
export const UNLOCKS = `${RELEASES}/unlocks`
/** How often a run refreshes its lock: well within STALE_AFTER_MS, even with a slow store. */
export const REFRESH_MS = 15_000
/** After a refresh the store did not answer, the next try comes this soon. */
const RETRY_MS = 2_000
/**
 * How long a run may go on writing since its lock was last written. Another host whose clock runs up to
 * SKEW_MS ahead of ours judges the lock dead STALE_AFTER_MS - SKEW_MS (60 s) after that write; a run that
 * could not refresh it for this long (45 s) stops before its next write, a write's time (REFRESH_MS) ahead of
 * that moment, rather than write on beside a run that may have taken the lock over.
 */
export const HOLD_MS = STALE_AFTER_MS - SKEW_MS - REFRESH_MS

interface Holder {
  pid: number
  host: string | null
  since: string
  /** Absent in locks written before locks were refreshed: such a lock is judged by when it was written. */
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

/**
 * Why the lock is taken to be a dead run's, or `null` while its holder may still be running. `written`:
 * when the store last wrote the lock object.
 */
function staleReason(holder: Holder | null, written: number | null, now: number): string | null {
  if (holder && (holder.host === null || holder.host === hostname()) && (!processAlive(holder.pid) || processZombie(holder.pid))) {
    return 'which is no longer running'
  }
  const refreshed = holder?.refreshed ? Date.parse(holder.refreshed) : NaN
  if (Number.isFinite(refreshed) && refreshed <= now + SKEW_MS) {
    return now - refreshed > STALE_AFTER_MS
      ? `not refreshed since ${holder!.refreshed} (over ${STALE_AFTER_MS / 60_000} min): taken to be dead`
      : null
  }
  // Garbage, empty, no refresh time, or one in the future: judged by the store's own write time.
  const what = !holder
    ? 'unreadable'
    : holder.refreshed === null
      ? 'without a refresh time'
      : `refreshed in the future (${holder.refreshed})`
  if (written === null || now - written <= STALE_AFTER_MS) return null
  return `${what}, not written since ${new Date(written).toISOString()} (over ${STALE_AFTER_MS / 60_000} min): taken to be dead`
}

function describe(holder: Holder | null): string {
  if (!holder) return 'an unreadable lock'
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
  private stopped = false
  private refreshing: Promise<void> = Promise.resolve()
  private lost = false
  /** When the record now in the store was made (`performance.now()`, which no clock change moves). */
  private writtenAt = performance.now()
  private holdMs = HOLD_MS
  private readonly since = new Date().toISOString()
  private readonly token = randomBytes(6).toString('hex')
  /** When the last record `next()` made was made. */
  private madeAt = performance.now()
  record: Buffer

  constructor(private readonly store: Store) {
    this.record = this.next()
  }

  /** This run's lock record, refreshed now. */
  next(): Buffer {
    this.madeAt = performance.now()
    return Buffer.from(
      `pid ${process.pid} host ${hostname()} since ${this.since} refreshed ${new Date().toISOString()} run ${this.token}\n`,
    )
  }

  /** The record just written is in the store: the lease runs from when it was made. */
  written(record: Buffer): void {
    this.record = record
    this.writtenAt = this.madeAt
  }

  start(refreshMs: number, holdMs: number): void {
    this.holdMs = holdMs
    // A refresh slower than the interval is not queued behind: the next one starts after it ends.
    const schedule = (ms: number) => {
      if (this.stopped || this.lost) return
      this.timer = setTimeout(() => {
        this.refreshing = this.refresh().then((answered) => schedule(answered ? refreshMs : Math.min(RETRY_MS, refreshMs)))
      }, ms)
      this.timer.unref()
    }
    schedule(refreshMs)
  }

  /** False when the store did not answer (the next try comes sooner). */
  private async refresh(): Promise<boolean> {
    if (this.lost || this.stopped) return true
    const next = this.next()
    try {
      if (await this.store.replaceIf(LOCK_KEY, this.record, next)) this.written(next)
      else this.lost = true
      return true
    } catch {
      return false
    }
  }

  assertHeld(): void {
    if (this.lost) {
      throw new DeliveryError(`${this.store.name}: another run took the lock over while this one ran; stopped before writing more`)
    }
    const since = performance.now() - this.writtenAt
    if (since > this.holdMs) {
      throw new DeliveryError(
        `${this.store.name}: the lock could not be refreshed for ${Math.round(since / 1000)} s (the store did not answer); stopped before writing more, since another run may take it over (the same command finishes the job)`,
      )
    }
  }

  async release(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.refreshing
    if (this.lost) return
    const now = await this.store.get(LOCK_KEY).catch(() => null)
    if (now?.equals(this.record)) await this.store.delete(LOCK_KEY)
  }
}

/** Takes the lock, taking over the lock of a run known to be gone; refuses when a live run may hold it. */
async function acquire(store: Store, notice: Notice, clock: Clock): Promise<Lease> {
  const lease = new Lease(store)
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await store.createIfAbsent(LOCK_KEY, lease.record)) {
      lease.written(lease.record)
      return lease
    }
    const [text, written] = await Promise.all([store.get(LOCK_KEY), store.modifiedAt(LOCK_KEY)])
    // Released between the two calls: try to create it once more.
    if (!text) continue
    const holder = readHolder(text.toString('utf8'))
    const reason = staleReason(holder, written, clock.now())
    if (reason) {
      const record = lease.next()
      if (await store.replaceIf(LOCK_KEY, text, record)) {
        lease.written(record)
        notice(`took over the lock of an interrupted run (${holder ? holderName(holder) : 'an unreadable lock'}), ${reason}`)
        return lease
      }
    }
    throw new DeliveryError(
      `${store.name} is locked by another run that is still going (${describe(holder)}); wait for it to finish, or break it with --unlock --reason "…" if it is not running`,
    )
  }
  throw new DeliveryError(`${store.name} is locked and unlocked by other runs again and again; try again`)
}

function holderName(holder: Holder): string {
  const who = holder.host && holder.host !== hostname() ? `pid ${holder.pid} on ${holder.host}` : `pid ${holder.pid}`
  return `${who}, started ${holder.since}`
}

export interface LockOptions {
  notice?: Notice
  /** Judges the age of a lock (systemClock). */
  clock?: Clock
  /** How often the lock is refreshed (REFRESH_MS). */
  refreshMs?: number
  /** How long the run may write on since its lock was last written (HOLD_MS; tests). */
  holdMs?: number
}

/** Runs `fn` holding the target's lock, so two runs never interleave; the lock is released however `fn` ends. */
export async function withLock<T>(store: Store, fn: (lock: HeldLock) => Promise<T>, options: LockOptions = {}): Promise<T> {
  const lease = await acquire(store, options.notice ?? toStderr, options.clock ?? systemClock)
  lease.start(options.refreshMs ?? REFRESH_MS, options.holdMs ?? HOLD_MS)
  try {
    return await fn(lease)
  } finally {
    await lease.release()
  }
}

export interface BrokenLock {
  /** The lock as it was (its holder's line, or what the object held). */
  was: string
  /** The key of the record of this break. */
  logged: string
}

/**
 * Breaks the target's lock for the operator (`--unlock --reason "…"`): records who broke which lock and why
 * under `.releases/unlocks/`, then removes the lock unless it changed meanwhile. `null` when there is none.
 * A run whose lock is broken finds out at its next refresh and stops before writing more.
 */
export async function breakLock(store: Store, reason: string, clock: Clock = systemClock): Promise<BrokenLock | null> {
  const text = await store.get(LOCK_KEY)
  if (!text) return null
  const at = new Date(clock.now()).toISOString()
  const by = `${userInfo().username}@${hostname()} pid ${process.pid}`
  const was = text.toString('utf8').trim() || '(empty)'
  const logged = `${UNLOCKS}/${at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${process.pid}.txt`
  await store.put(logged, Buffer.from(`at ${at}\nby ${by}\nreason ${reason}\nlock ${was}\n`))
  // Replaced by a marker of ours first: a holder refreshing meanwhile keeps its lock.
  const marker = Buffer.from(`unlocked ${at} by ${by}\n`)
  if (!(await store.replaceIf(LOCK_KEY, text, marker))) {
    throw new DeliveryError(`${store.name}: the lock changed while breaking it (its run is refreshing it): not broken; look again`)
  }
  await store.delete(LOCK_KEY)
  return { was, logged }
}
