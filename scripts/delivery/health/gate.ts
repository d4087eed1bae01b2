/**
 * The rule (rule.ts) applied to each page's live release against the one before it: what `npm run
 * health -- --gate` prints and exits 1 on. One look at every page it judges, so each test gets the level
 * deployLevels gives `pages` pages at one look: together they take back a healthy page in at most
 * RULE.deployAlpha of runs.
 */
import type { JudgedFigures } from '../../../common/telemetry/health.ts'
import { deployLevels, judge, type RuleOptions, type Verdict } from './rule.ts'

/** The window the gate judges on: long enough for the release before to have views (7 days). */
export const GATE_HOURS = 168

/** A page as the gate judges it: its live release and the one before it, with what the rule reads of each. */
export interface GatePage {
  route: string
  live: { release: string; judged: JudgedFigures }
  before: { release: string; judged: JudgedFigures } | null
}

export interface PageVerdict {
  route: string
  live: string
  before: string | null
  verdict: Verdict
}

/** Judges every page at one look; `options.alpha` is ignored (deployLevels over these pages sets it). */
export function gate(pages: readonly GatePage[], options: Omit<RuleOptions, 'alpha'> = {}): PageVerdict[] {
  const { final } = deployLevels({ pages: pages.length, looks: 1 })
  return pages.map((page) => ({
    route: page.route,
    live: page.live.release,
    before: page.before?.release ?? null,
    verdict: judge(page.live.judged, page.before?.judged ?? null, { ...options, alpha: final }),
  }))
}

/** One line a page: TAKE BACK, ok, or no verdict, and why. */
export function formatGate(verdicts: readonly PageVerdict[]): string {
  const lines = verdicts.map(({ route, live, before, verdict }) => {
    const what = `${route} ${live}${before ? ` (before it: ${before})` : ''}`
    if (verdict.kind === 'worse' || verdict.kind === 'slower') return `TAKE BACK ${what}: ${verdict.why}`
    if (verdict.kind === 'fine') return `ok ${what}: ${verdict.why}`
    return `no verdict ${what}: ${verdict.why}`
  })
  return `${lines.join('\n')}\n`
}
