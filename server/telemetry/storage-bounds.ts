/**
 * What field reports may take of the server's storage (docs/telemetry.md "Bounds"): each source a budget
 * of bytes a day, and never the room uploads and folders need: while the data disk has less free than
 * its reserve, reports are refused first (503), before an upload ever meets a full disk.
 */
import { statfsSync } from 'node:fs'

/** Bytes a source may store a day: about 2,700 reports of 1.5 KB, hundreds of views behind one carrier NAT. */
export const DEFAULT_SOURCE_BUDGET_BYTES = 4 * 1024 * 1024

const MB = 1024 * 1024

/** `TELEMETRY_SOURCE_BUDGET_MB` (a whole number ≥ 1), else the default. */
export function sourceBudgetFromEnv(value = process.env.TELEMETRY_SOURCE_BUDGET_MB): number {
  const mb = Number(value)
  return value && Number.isInteger(mb) && mb >= 1 ? mb * MB : DEFAULT_SOURCE_BUDGET_BYTES
}

/**
 * The reserve of a disk of `total` bytes: 10 % of it, at least 1 GB, at most half of it (a small disk
 * still takes reports into its first half). `TELEMETRY_DISK_RESERVE_MB` sets it.
 */
export function reserveOf(total: number, value = process.env.TELEMETRY_DISK_RESERVE_MB): number {
  const mb = Number(value)
  if (value && Number.isInteger(mb) && mb >= 0) return mb * MB
  return Math.min(total / 2, Math.max(1024 * MB, total / 10))
}

export interface DiskSpace {
  free: number
  total: number
}

const statDisk = (dir: string): DiskSpace => {
  const s = statfsSync(dir)
  return { free: s.bavail * s.bsize, total: s.blocks * s.bsize }
}

/** Whether `dir`'s disk is below its reserve, read at most every `everyMs` (a report must not cost a statfs). */
export function diskReserveCheck(
  dir: string,
  space: (dir: string) => DiskSpace = statDisk,
  everyMs = 5_000,
  now = () => Date.now(),
): () => Promise<boolean> {
  let readAt = -Infinity
  let below = false
  return async () => {
    if (now() - readAt >= everyMs) {
      readAt = now()
      try {
        const { free, total } = space(dir)
        below = free < reserveOf(total)
      } catch {
        below = false
      }
    }
    return below
  }
}
