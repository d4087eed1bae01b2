/**
 * What the deploy's watch (watch.ts) and the canary watch (watch-canary.ts) share: how often they look,
 * how long a look may wait, the false-alarm budget spread over the pages and looks (health/rule.ts
 * `deployLevels`), and what a verdict does at a look. One place, so that both watches decide alike.
 */
import type { JudgedFigures } from '../../../common/telemetry/health.ts'
import { deployLevels, RULE, type Verdict } from '../health/rule.ts'

export interface WatchOptions {
  /** The API that collects the field reports. */
  health: string
  /** How long to watch. */
  forMs: number
  /** Time between two looks (a fifth of the watch, at most a minute, when absent). */
  everyMs?: number
  /** The server's OPS_TOKEN. */
  token?: string
  minViews?: number
  /** What a page judged slower gets: taken back (the default) or a warning. */
  onSlower?: 'rollback' | 'warn'
}

export const everyOf = (options: WatchOptions) => options.everyMs ?? Math.max(1000, Math.min(60_000, Math.round(options.forMs / 5)))

/**
 * How long one look may wait for the health API: within the time between looks (at least 2 s, at most
 * 15 s). The check before the switch asks the same question with the same time.
 */
export const lookTimeoutOf = (options: WatchOptions) => Math.min(15_000, Math.max(2_000, everyOf(options)))

/** A watch's plan: every look it will make (the last one at its end) and the levels that spread the budget over them and the pages. */
export function lookPlan(options: WatchOptions, pages: number) {
  const everyMs = everyOf(options)
  const looks = Math.floor(options.forMs / everyMs) + 1
  return {
    everyMs,
    looks,
    levels: deployLevels({ pages: Math.max(1, pages), looks }),
    minViews: options.minViews ?? RULE.minViews,
    onSlower: options.onSlower ?? 'rollback',
  }
}

/** A release with no view at all. */
export const NO_VIEWS: JudgedFigures = {
  sources: 0,
  error: { views: 0, bad: 0, setAside: [], topThree: { views: 0, bad: 0 } },
  neverReady: { views: 0, bad: 0, setAside: [], topThree: { views: 0, bad: 0 } },
  ready: { histogram: [], setAside: [] },
  lcp: { histogram: [], setAside: [] },
}

/**
 * What a verdict does at a look: `act` (take the page back, abort the canary) with why, `keep` with why,
 * or null (no decision yet: wait for the next look). Worse acts; slower acts unless `onSlower: 'warn'`,
 * which keeps it at once, said; fine and too few views are kept only at the last look.
 */
export function outcomeOf(
  verdict: Verdict,
  { final, onSlower, when = '' }: { final: boolean; onSlower: 'rollback' | 'warn'; when?: string },
): { act: boolean; why: string } | null {
  if (verdict.kind === 'worse' || (verdict.kind === 'slower' && onSlower === 'rollback')) return { act: true, why: `${verdict.why}${when}` }
  if (verdict.kind === 'slower') return { act: false, why: `slower, kept by --on-slower warn: ${verdict.why}${when}` }
  if (!final) return null
  if (verdict.kind === 'fine') return { act: false, why: `${verdict.why}${when}` }
  return { act: false, why: `no verdict: ${verdict.why} by the end of the watch${when}` }
}
