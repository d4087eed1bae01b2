/**
 * `npm run health` as text (pages.ts's report): the pages with a verdict first; per page its deploys'
 * marks, the rule's verdict, and each release (live `*`, canary `~`, taken back `!`, before it `<`, older) with
 * its figures, what was lost, its split by client, OS, engine, app version, cohort and source (parts with errors first) and
 * its problems. Every value from the reply goes through terminalText: a report's message is written by a
 * phone. The words here (times, parts, events, verdicts) are the HTML's too.
 */
import type { HealthFigures, NotCounted, ProblemGroup, ReleaseEvent } from '../../../common/telemetry/health.ts'
import { terminalText as t } from '../terminal-text.ts'
import { subjectOf, type HealthReport, type PageReport, type ReleaseReport, type Role, type SplitPart } from './pages.ts'

export const pct = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`)
export const ms = (v: number | null) => (v === null ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`)
export const cls = (v: number | null) => (v === null ? '—' : v.toFixed(3))
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** `2026-11-27 20:41` (UTC), or the text as it came when it is no time. */
export function when(iso: string): string {
  return Number.isNaN(Date.parse(iso)) ? iso : new Date(iso).toISOString().slice(0, 16).replace('T', ' ')
}

/** `2026-11-27 20:35 → 20:41`: the second date only when it differs. */
export function during(from: string, to: string): string {
  const [a, b] = [when(from), when(to)]
  return `${a} → ${a.slice(0, 10) === b.slice(0, 10) ? b.slice(11) : b}`
}

/** The role's mark in the text's release rows. */
export const MARK: Record<Role, string> = { live: '*', canary: '~', 'taken back': '!', 'before it': '<', older: ' ' }

/** How a split's key reads: `ios` → iOS, `webkit 17` → WebKit 17, app version `none` → no app, cohort `none` → no cohort, source `package` → from its package. */
export function partName(split: keyof ReleaseReport['split'], key: string): string {
  if (split === 'appVersion') return key === 'none' ? 'no app' : `app ${key}`
  if (split === 'cohort') return key === 'none' ? 'no cohort' : key
  if (split === 'via')
    return key === 'none' ? 'not said' : key === 'package' ? 'from its package' : key === 'network' ? 'from the network' : key
  const [name = '', ...rest] = key.split(' ')
  const NAMES: Record<string, string> = {
    ios: 'iOS',
    android: 'Android',
    webkit: 'WebKit',
    blink: 'Blink',
    gecko: 'Gecko',
    wechat: 'WeChat',
  }
  return [NAMES[name] ?? name, ...rest].join(' ')
}

export const SPLITS: readonly [keyof ReleaseReport['split'], string][] = [
  ['client', 'client'],
  ['os', 'OS'],
  ['engine', 'engine'],
  ['appVersion', 'app version'],
  ['cohort', 'cohort'],
  ['via', 'loaded'],
]

/** `24 of 24 with an error (100.0 %), 3 never ready, ready p75 1.42 s`; `0 of 24`. */
export function partCounts(p: SplitPart): string {
  const errors = p.errorViews > 0 ? `${p.errorViews} of ${p.views} with an error (${pct(p.errorRate)})` : `0 of ${p.views}`
  const never = p.neverReadyViews > 0 ? `, ${p.neverReadyViews} never ready` : ''
  const ready = p.readyP75 === undefined || p.readyP75 === null ? '' : `, ready p75 ${ms(p.readyP75)}`
  return errors + never + ready
}

/**
 * Who and why in a line, for a page taken back, worse or slower (null for the rest): the release in
 * question's bad views; each split whose errors gather in some part (its worst part errs at 1.5 times
 * the release's rate or more: `errors by OS: iOS 24 of 24, Android 0 of 24`); its commonest problem.
 */
export function headline(page: PageReport, escape: (s: string) => string): string | null {
  const { subject: r, reference } = subjectOf(page)
  if (!page.standing || !r) return null
  const f = r.total
  // Slower first when that is why it was judged or taken back (the watch names it in the take-back's run).
  const slow =
    page.standing === 'slower' || page.events.some((e) => e.kind === 'taken-back' && e.release === r.release && /^slower\b/.test(e.run))
  const times = reference
    ? `ready p75 ${ms(f.p75.ready)} against ${ms(reference.total.p75.ready)}, LCP p75 ${ms(f.p75.lcp)} against ${ms(reference.total.p75.lcp)}`
    : null
  const out = [
    `${escape(r.release)} (${r.role}): ${slow && times ? `${times}; ` : ''}${f.errorViews} of ${f.views} views with an error (${pct(r.rates.error)}), ${f.neverReadyViews} never ready (${pct(r.rates.neverReady)})`,
  ]
  const gathered = SPLITS.filter(([key]) => {
    const worst = r.split[key][0]
    return worst !== undefined && worst.errorViews > 0 && (worst.errorRate ?? 0) >= 1.5 * (r.rates.error ?? 0)
  })
  gathered.forEach(([key, name], i) =>
    out.push(
      `${i === 0 ? 'errors by' : 'by'} ${name}: ${r.split[key].map((p) => `${escape(partName(key, p.key))} ${p.errorViews} of ${p.views}`).join(', ')}`,
    ),
  )
  if (gathered.length === 0 && f.errorViews > 0) out.push('errors spread over every client, OS, engine, app version, cohort and source')
  const top = r.problems[0]
  if (top) out.push(`commonest problem: ${escape(top.kind)}, ${plural(top.views, 'view')}: ${escape(top.message)}`)
  return out.join('; ')
}

/** Where a problem happened: its frame, else its file, else its endpoint and status; `null` when none. */
export function problemWhere(p: ProblemGroup): string | null {
  if (p.frame) return p.frame
  if (p.file) return p.file
  if (p.endpoint) return `${p.endpoint}${p.status === null ? '' : ` ${p.status}`}`
  return null
}

export const EVENT_WORDS: Record<ReleaseEvent['kind'], string> = {
  live: 'live',
  rollback: 'rolled back to',
  'taken-back': 'taken back',
  canary: 'canary',
  aborted: 'canary aborted',
}

/** `2026-11-27 20:41 taken back 56abd83b498f (run 0003-…)` (escape release and run for the output). */
export function eventText(e: ReleaseEvent, escape: (s: string) => string): string {
  return `${when(escape(e.at))} ${EVENT_WORDS[e.kind] ?? escape(e.kind)} ${escape(e.release)} (${escape(e.run)})`
}

/** What the reply did not count, in a sentence (empty when nothing). */
export function notCountedText(n: NotCounted): string {
  const parts = [
    n.unknownRelease > 0 ? `${plural(n.unknownRelease, 'report')} naming a release no deploy made live` : '',
    n.overBudget > 0 ? `${plural(n.overBudget, 'report')} from sources past their day's budget` : '',
    n.diskReserve > 0 ? `${plural(n.diskReserve, 'report')} while the data disk was low` : '',
  ].filter(Boolean)
  return parts.length > 0 ? `Not counted: ${parts.join(', ')}.` : 'Not counted: none.'
}

/** `head alone 2 views; lost: 3 problems dropped, 1 report lost` (nothing lost: `lost: none`). */
export function lostText(f: HealthFigures): string {
  const lost = [
    ...(f.droppedProblems > 0 ? [`${plural(f.droppedProblems, 'problem')} dropped`] : []),
    ...(f.lostReports > 0 ? [`${plural(f.lostReports, 'report')} lost`] : []),
  ]
  return `head alone ${plural(f.headViews, 'view')}; lost: ${lost.length > 0 ? lost.join(', ') : 'none'}`
}

/** The verdict line of a page: `worse: …`, `slower: …`, `ok: …`, `no verdict: …`. */
export function verdictText(page: PageReport): string {
  const v = page.verdict
  if (v === null)
    return page.live === null ? 'no verdict: no deploy told the API about this page' : 'no verdict: no reports of the live release'
  const word = { worse: 'worse', slower: 'slower', fine: 'ok', 'too-few': 'no verdict' }[v.kind]
  return `${word}: ${v.why}`
}

/** The page's headline after its route: `TAKEN BACK 56abd83b498f at …`, `WORSE`, `SLOWER`, or nothing. */
export function standingText(page: PageReport, escape: (s: string) => string): string {
  if (page.standing === 'taken back') {
    const taken = page.events.filter((e) => e.kind === 'taken-back')
    return `TAKEN BACK ${taken.map((e) => `${escape(e.release)} at ${when(escape(e.at))} (run ${escape(e.run)})`).join('; ')}`
  }
  return page.standing === null ? '' : page.standing.toUpperCase()
}

const HEAD = ['', 'views', 'errors', 'never ready', 'audio failed', 'ready p75', 'LCP p75', 'INP p75', 'CLS p75']
const WIDTH = [27, 7, 16, 16, 16, 10, 9, 9, 8]

function row(cells: string[]): string {
  return cells
    .map((c, i) => (i === 0 ? c.padEnd(WIDTH[i]!) : c.padStart(WIDTH[i]!)))
    .join(' ')
    .trimEnd()
}

const of = (rate: number | null, part: number, whole: number) => (rate === null ? '—' : `${pct(rate)} (${part}/${whole})`)

function release(r: ReleaseReport): string[] {
  const f = r.total
  const lines = [
    row([
      `  ${MARK[r.role]} ${t(r.release)} ${r.role === 'older' ? '' : r.role}`,
      String(f.views),
      of(r.rates.error, f.errorViews, f.views),
      of(r.rates.neverReady, f.neverReadyViews, f.views),
      of(r.rates.audioFail, f.audioFailViews, f.audioViews),
      ms(f.p75.ready),
      ms(f.p75.lcp),
      ms(f.p75.inp),
      cls(f.p75.cls),
    ]),
    `      seen ${during(t(r.firstSeen), t(r.lastSeen))}; ${lostText(f)}`,
  ]
  for (const [key, name] of SPLITS) {
    const parts = r.split[key]
    if (parts.length > 0)
      lines.push(`      ${name.padEnd(12)}${parts.map((p) => `${t(partName(key, p.key))}: ${partCounts(p)}`).join('; ')}`)
  }
  for (const p of r.problems) {
    const where = problemWhere(p)
    lines.push(
      `      problem     ${t(p.kind)}, ${plural(p.views, 'view')}, ${during(t(p.firstSeen), t(p.lastSeen))}: ${t(p.message)}${where ? ` (at ${t(where)})` : ''}`,
    )
  }
  return lines
}

function page(p: PageReport): string[] {
  const standing = standingText(p, t)
  const deployed =
    p.live === null
      ? 'no deploy told the API about this page'
      : `live ${t(p.live)}, before it ${p.previous === null ? 'none' : t(p.previous)}${p.canary ? `, canary ${t(p.canary)} on a share of app devices` : ''} (as deployed)`
  const why = headline(p, t)
  const lines = [
    `${t(p.route)}${standing ? `  ${standing}` : ''}`,
    ...(why ? [`  ${why}`] : []),
    `  ${deployed}`,
    `  verdict: ${t(verdictText(p))}`,
  ]
  if (p.events.length > 0) lines.push(`  events: ${p.events.map((e) => eventText(e, t)).join('; ')}`)
  if (p.live !== null && !p.releases.some((r) => r.release === p.live))
    lines.push(`  the live release ${t(p.live)} has no reports in the window`)
  if (p.releases.length > 0) lines.push(row(HEAD))
  for (const r of p.releases) lines.push(...release(r))
  return lines
}

/** The whole report. */
export function formatHealth(report: HealthReport): string {
  const window = `${during(report.since, report.until)} UTC`
  if (report.pages.length === 0) return `No field reports from ${window}. ${notCountedText(report.notCounted)}\n`
  const judged = report.judgedOn.since === report.since ? 'on this window' : `on ${during(report.judgedOn.since, report.judgedOn.until)}`
  const out = [
    `Release health ${window}; verdicts by the rule ${judged}. ${notCountedText(report.notCounted)}`,
    `Pages with a verdict first. Releases: * live, ~ canary (on a share of app devices), ! taken back, < before it (live before the live one), then older ones.`,
    '',
  ]
  for (const p of report.pages) out.push(...page(p), '')
  return out.join('\n')
}
