/**
 * The rule (rule.ts) applied to each page's live release against the one before it: what `npm run
 * health -- --gate` prints and exits 1 on, the check a watched deploy makes at its end.
 */
import { countsOf, type PageHealth } from './pages.ts'
import { judge, type RuleOptions, type Verdict } from './rule.ts'

/** The window the gate judges on: long enough for the release before to have views (7 days). */
export const GATE_HOURS = 168

export interface PageVerdict {
  route: string
  live: string
  before: string | null
  verdict: Verdict
}

export function gate(pages: readonly PageHealth[], options: RuleOptions = {}): PageVerdict[] {
  return pages.map((page) => ({
    route: page.route,
    live: page.live.release,
    before: page.before?.release ?? null,
    verdict: judge(countsOf(page.live.total), page.before ? countsOf(page.before.total) : null, options),
  }))
}

/** One line a page: TAKE BACK, ok, or no verdict, and why. */
export function formatGate(verdicts: readonly PageVerdict[]): string {
  const lines = verdicts.map(({ route, live, before, verdict }) => {
    const what = `${route} ${live}${before ? ` (before it: ${before})` : ''}`
    if (verdict.kind === 'worse') return `TAKE BACK ${what}: ${verdict.why}`
    if (verdict.kind === 'fine') return `ok ${what}: ${verdict.why}`
    return `no verdict ${what}: ${verdict.why}`
  })
  return `${lines.join('\n')}\n`
}
