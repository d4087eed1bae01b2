/** Sizes and durations as people write and read them, in the commands' arguments and reports. */

/** Sizes for people: `1.2 kB`. */
export function formatSize(bytes: number): string {
  return bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** `7d`, `12h`, `30m`, `45s` or `0` → milliseconds; `null` when it is none of those. */
export function parseDuration(value: string): number | null {
  if (value.trim() === '0') return 0
  const match = /^(\d+(?:\.\d+)?)\s*([smhd])$/.exec(value.trim())
  return match ? Number(match[1]) * UNITS[match[2]!]! : null
}

/** `7 days`, `2 h`, `90 s`. */
export function formatDuration(ms: number): string {
  if (ms % 86_400_000 === 0 && ms > 0) return `${ms / 86_400_000} day${ms === 86_400_000 ? '' : 's'}`
  if (ms >= 3_600_000) return `${+(ms / 3_600_000).toFixed(1)} h`
  if (ms >= 60_000) return `${+(ms / 60_000).toFixed(1)} min`
  return `${+(ms / 1000).toFixed(1)} s`
}
