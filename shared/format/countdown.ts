/** What is left until a moment; all zero and `done` once it has passed. */
export interface Countdown {
  days: number
  hours: number
  minutes: number
  seconds: number
  done: boolean
}

// A date-time without a zone ('2026-02-01 00:00:00') is UTC here; Date.parse would read it as local.
const ZONELESS = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/

function toMillis(target: string | number | Date): number {
  if (target instanceof Date) return target.getTime()
  if (typeof target === 'number') return target
  const zoneless = ZONELESS.exec(String(target).trim())
  return Date.parse(zoneless ? `${zoneless[1]}T${zoneless[2]}Z` : String(target))
}

/**
 * The time left until `targetUtc` (a Date, epoch ms, or an ISO-like string read as UTC when it has no
 * zone). Seconds round up, so the display reaches 0 exactly when `done` turns true. An invalid target
 * counts as passed.
 */
export function countdown(targetUtc: string | number | Date, now: number = Date.now()): Countdown {
  const left = toMillis(targetUtc) - now
  if (!(left > 0)) return { days: 0, hours: 0, minutes: 0, seconds: 0, done: true }
  const total = Math.ceil(left / 1000)
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: false,
  }
}
