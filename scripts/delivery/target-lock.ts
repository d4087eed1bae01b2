/**
 * The one-run-at-a-time lock of a deploy target (`.releases/.lock`), and the recovery a run does when
 * it takes it: a lock whose process is gone (a deploy killed mid-run) is taken over, saying so; the
 * temp files a killed run left are deleted; a full disk ends in one line, not a stack trace.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, open, rename, rm } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { TEMP_NAME } from './fs-atomic.ts'
import { DeliveryError } from './manifest.ts'

/** Where a run reports what it recovered from (stderr by default). */
export type Notice = (line: string) => void

const toStderr: Notice = (line) => process.stderr.write(`${line}\n`)

interface Holder {
  pid: number
  host: string | null
  since: string
}

/** `pid 123 host web-1 since 2026-…` (runs before the host was recorded wrote no host). */
function readHolder(lock: string): Holder | null {
  let text: string
  try {
    text = readFileSync(lock, 'utf8')
  } catch {
    return null
  }
  const match = /^pid (\d+)(?: host (\S+))? since (\S+)/.exec(text.trim())
  return match ? { pid: Number(match[1]), host: match[2] ?? null, since: match[3]! } : null
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

/** A holder whose process is gone. A lock from another machine (shared storage) is never judged stale. */
function isStale(holder: Holder | null): holder is Holder {
  return holder !== null && (holder.host === null || holder.host === hostname()) && !processAlive(holder.pid)
}

async function tryCreate(lock: string): Promise<boolean> {
  try {
    const handle = await open(lock, 'wx')
    try {
      await handle.writeFile(`pid ${process.pid} host ${hostname()} since ${new Date().toISOString()}\n`)
    } finally {
      await handle.close()
    }
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/** Takes the lock, taking over a stale one; refuses when a live run holds it. */
async function acquire(target: string, lock: string, notice: Notice): Promise<void> {
  if (await tryCreate(lock)) return
  const holder = readHolder(lock)
  if (isStale(holder)) {
    // Renamed away first, so that of two runs taking over the same stale lock only one wins the create.
    const aside = `${lock}.stale-${process.pid}`
    const moved = await rename(lock, aside).then(
      () => true,
      () => false,
    )
    await rm(aside, { force: true })
    if (moved && (await tryCreate(lock))) {
      notice(`took over the lock of an interrupted run (pid ${holder.pid}, started ${holder.since}), which is no longer running`)
      return
    }
  }
  const who = holder ? `pid ${holder.pid}${holder.host ? ` on ${holder.host}` : ''}, started ${holder.since}` : 'unknown holder'
  throw new DeliveryError(`${target} is locked by another run that is still going (${who}); wait for it to finish`)
}

/**
 * Deletes what a killed run left: temp files (`.name.<pid>.<hex>.tmp`, see fs-atomic.ts) anywhere in the
 * target and half-built release directories (`.releases/.<id>.tmp`). Only called holding the lock, when
 * no other run can be writing. Returns how many it deleted.
 */
export async function removeLeftovers(target: string): Promise<number> {
  let removed = 0
  const walk = async (dir: string) => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = join(dir, entry.name)
      if (TEMP_NAME.test(entry.name)) {
        await rm(path, { recursive: true, force: true })
        removed++
      } else if (entry.isDirectory()) {
        await walk(path)
      }
    }
  }
  await walk(target)
  return removed
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT'])

/** Runs `fn` holding the target's lock, so two deploys never interleave. */
export async function withLock<T>(target: string, fn: () => Promise<T>, notice: Notice = toStderr): Promise<T> {
  const dir = join(target, '.releases')
  const lock = join(dir, '.lock')
  await mkdir(dir, { recursive: true })
  await acquire(target, lock, notice)
  try {
    const removed = await removeLeftovers(target)
    if (removed > 0) notice(`removed ${removed} temporary file${removed === 1 ? '' : 's'} left by an interrupted run`)
    return await fn()
  } catch (error) {
    const { code, path } = error as NodeJS.ErrnoException
    if (code && DISK_FULL.has(code)) {
      await removeLeftovers(target).catch(() => 0)
      throw new DeliveryError(
        `the disk of ${target} is full (${code} while writing ${path ?? 'a file'}): free some space and run again; every page still serves a complete version`,
      )
    }
    throw error
  } finally {
    await rm(lock, { force: true })
  }
}
