import { round2 } from './round'

const GB = 1024
const TB = 1024 * 1024

/**
 * A size in MB as text: `512MB`, `1GB`, `1.5GB`, `2TB` (GB from 1024 MB, TB from 1048576 MB, at most
 * two decimals, no trailing zeros). Null, NaN or anything not a number is `0MB`.
 */
export function formatSize(mb: number | null | undefined): string {
  const n = Number(mb ?? NaN)
  if (!Number.isFinite(n)) return '0MB'
  if (Math.abs(n) >= TB) return `${round2(n / TB)}TB`
  if (Math.abs(n) >= GB) return `${round2(n / GB)}GB`
  return `${round2(n)}MB`
}
