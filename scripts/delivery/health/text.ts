/** `npm run health` as text: per page, each release of the window (live first), split by client. */
import { CLIENT_KINDS } from '../../../common/telemetry/report.ts'
import type { HealthFigures, HealthReply, ReleaseHealth } from '../../../common/telemetry/health.ts'
import { ratesOf, type PageHealth } from './pages.ts'

const pct = (rate: number | null, part: number, whole: number) =>
  rate === null ? '—' : `${(rate * 100).toFixed(1)} % (${part}${whole ? `/${whole}` : ''})`
const ms = (v: number | null) => (v === null ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`)
const cls = (v: number | null) => (v === null ? '—' : v.toFixed(3))

const HEAD = ['', 'views', 'errors', 'never ready', 'audio failed', 'ready p75', 'LCP p75', 'INP p75', 'CLS p75']
const WIDTH = [18, 7, 16, 16, 16, 10, 9, 9, 8]

function row(cells: string[]): string {
  return cells
    .map((c, i) => (i === 0 ? c.padEnd(WIDTH[i]!) : c.padStart(WIDTH[i]!)))
    .join(' ')
    .trimEnd()
}

function figures(label: string, f: HealthFigures): string {
  const r = ratesOf(f)
  return row([
    label,
    String(f.views),
    pct(r.error, f.errorViews, f.views),
    pct(r.neverReady, f.neverReadyViews, f.views),
    pct(r.audioFail, f.audioFailViews, f.audioViews),
    ms(f.p75.ready),
    ms(f.p75.lcp),
    ms(f.p75.inp),
    cls(f.p75.cls),
  ])
}

function release(page: PageHealth, r: ReleaseHealth): string[] {
  const mark = r === page.live ? '* ' : r === page.before ? '< ' : '  '
  const role = r === page.live ? 'live' : r === page.before ? 'before it' : 'older'
  const lines = [`${figures(`${mark}${r.release}`, r.total)}   ${role}, ${r.firstSeen.slice(0, 16)}Z → ${r.lastSeen.slice(0, 16)}Z`]
  for (const client of CLIENT_KINDS) {
    const f = r.byClient[client]
    if (f && f.views > 0) lines.push(figures(`    ${client}`, f))
  }
  if (r === page.live || r === page.before) {
    for (const p of r.topProblems.slice(0, 3)) lines.push(`    ${p.kind}: ${p.message} (${p.views} view${p.views === 1 ? '' : 's'})`)
  }
  return lines
}

/** The whole report. */
export function formatHealth(reply: HealthReply, pages: readonly PageHealth[]): string {
  if (pages.length === 0) return `No field reports from ${reply.since} to ${reply.until}.\n`
  const out = [`Release health from ${reply.since} to ${reply.until} (* live, < the release before it)`, '']
  for (const page of pages) {
    out.push(`${page.route}  (${page.releases.length} release${page.releases.length === 1 ? '' : 's'})`, row(HEAD))
    for (const r of page.releases) out.push(...release(page, r))
    out.push('')
  }
  return `${out.join('\n')}`
}
