/**
 * `npm run health -- --html report.html`: the report (pages.ts) as one self-contained page to look at:
 * a summary of every page (those with a verdict first), then per page its deploys' marks, the rule's
 * verdict, a table of its releases (the release in question against its reference, worse in red), three
 * charts (html-charts.ts) zoomed to a recent incident, and for the releases that matter who had the
 * errors (client, OS, engine, app version, parts with errors first, a bar each) and which problems.
 * Inline SVG and CSS only: no script, no outside file, so it opens from a mail or a CI artifact as it is.
 * Green never marks a taken-back release, nor a release against a taken-back one.
 */
import { terminalText } from '../terminal-text.ts'
import { charts } from './html-charts.ts'
import { subjectOf, type HealthReport, type PageReport, type ReleaseReport, type Role } from './pages.ts'
import { cls, during, eventText, ms, notCountedText, headline, partName, pct, problemWhere, SPLITS, verdictText, when } from './text.ts'

/** For HTML, and with the characters that could reorder or hide text shown escaped (as on a terminal). */
const esc = (text: string) => terminalText(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** A release's colour by its role: live blue, canary purple, taken back red, before it orange, older ones grey. */
const ROLE_COLOUR: Record<Role, string> = {
  live: '#1f6feb',
  canary: '#8250df',
  'taken back': '#cf222e',
  'before it': '#d4761c',
  older: '#8c959f',
}
const OLDER = ['#8c959f', '#afb8c1', '#c9d1d9']

function colours(page: PageReport): (release: string) => string {
  const older = page.releases.filter((r) => r.role === 'older')
  const map = new Map(
    page.releases.map((r) => [r.release, r.role === 'older' ? OLDER[Math.min(older.indexOf(r), 2)]! : ROLE_COLOUR[r.role]]),
  )
  return (release) => map.get(release) ?? '#57606a'
}

/** First → last seen, each time unbroken, the line free to break at the arrow. */
const seen = (from: string, to: string) => {
  const [a, b] = esc(during(from, to)).split(' → ')
  return `<span class="time">${a}</span> <span class="time">→ ${b}</span>`
}

/** `3 problems dropped, 1 report lost`, or `none`. */
const lost = (f: ReleaseReport['total']) =>
  [
    f.droppedProblems > 0 ? plural(f.droppedProblems, 'problem') + ' dropped' : '',
    f.lostReports > 0 ? plural(f.lostReports, 'report') + ' lost' : '',
  ]
    .filter(Boolean)
    .join(', ') || 'none'

type Move = 'worse' | 'better' | ''

/** Marked once it moved by more than 10 % and by `atLeast`: a p75 moves by a few percent, a rate of few views by a point, with nothing changed. */
function moved(now: number | null, before: number | null, atLeast: number): Move {
  if (now === null || before === null || Math.abs(now - before) < atLeast || (before > 0 && Math.abs(now - before) / before <= 0.1))
    return ''
  return now > before ? 'worse' : 'better'
}

/** The releases table: a row each, the subject's cells marked against the reference's. */
function releasesTable(page: PageReport, colour: (r: string) => string): string {
  const { subject, reference } = subjectOf(page)
  const greenOk = subject?.role !== 'taken back' && reference?.role !== 'taken back'
  const count = (rate: number | null, part: number, whole: number) => (rate === null ? '—' : `${pct(rate)} (${part}/${whole})`)
  const rows = page.releases.map((r) => {
    const [f, b, ref] = [r.total, reference?.total, reference?.rates]
    /** The subject's cell against the reference's: worse in red, better in green (never for a taken-back release). */
    const mark = (now: number | null, before: number | null | undefined, atLeast: number) => {
      if (r !== subject || before === undefined) return ''
      const m = moved(now, before, atLeast)
      return m === 'worse' || (m === 'better' && greenOk) ? m : ''
    }
    const cells: [string, string][] = [
      [during(r.firstSeen, r.lastSeen), 'seen'],
      [String(f.views), ''],
      [count(r.rates.error, f.errorViews, f.views), mark(r.rates.error, ref?.error, 0.02)],
      [count(r.rates.neverReady, f.neverReadyViews, f.views), mark(r.rates.neverReady, ref?.neverReady, 0.02)],
      [count(r.rates.audioFail, f.audioFailViews, f.audioViews), mark(r.rates.audioFail, ref?.audioFail, 0.02)],
      [ms(f.p75.ready), mark(f.p75.ready, b?.p75.ready, 250)],
      [ms(f.p75.lcp), mark(f.p75.lcp, b?.p75.lcp, 250)],
      [ms(f.p75.inp), mark(f.p75.inp, b?.p75.inp, 50)],
      [cls(f.p75.cls), mark(f.p75.cls, b?.p75.cls, 0.05)],
      [String(f.headViews), ''],
      [lost(f), 'lost'],
    ]
    const html = (text: string, c: string) => (c === 'seen' ? seen(r.firstSeen, r.lastSeen) : esc(text))
    const tds = cells.map(([text, c]) => `<td${c ? ` class="${c}"` : ''}>${html(text, c)}</td>`).join('')
    return `<tr${r === subject && reference ? ' class="subject"' : ''}><th><i style="background:${colour(r.release)}"></i>${esc(r.release)}</th><td class="role">${esc(r.role)}</td>${tds}</tr>`
  })
  const head = [
    'release',
    'role',
    'seen (UTC)',
    'views',
    'errors',
    'never ready',
    'audio failed',
    'ready p75',
    'LCP p75',
    'INP p75',
    'CLS p75',
    'head alone',
    'lost',
  ]
  return `<table class="releases"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
}

/** A bar of `rate` (0–1) in `kind`'s colour. */
const bar = (rate: number | null, kind: 'err') =>
  `<span class="bar"><b class="${kind}" style="width:${((rate ?? 0) * 100).toFixed(1)}%"></b></span>`
const share = (part: number, whole: number, rate: number | null) => (part === 0 ? `0 of ${whole}` : `${part} of ${whole} (${pct(rate)})`)

/**
 * Who had the errors in one release: one table, a group a split (client, OS, engine, app version), the
 * parts with errors first, a bar each for the share with an error; then its problems.
 */
function who(r: ReleaseReport, colour: (r: string) => string): string {
  const rows = SPLITS.filter(([key]) => r.split[key].length > 0).flatMap(([key, name]) => [
    `<tr class="group"><th colspan="6">${esc(name)}</th></tr>`,
    ...r.split[key].map(
      (p) =>
        `<tr><th>${esc(partName(key, p.key))}</th><td>${bar(p.errorRate, 'err')}${share(p.errorViews, p.views, p.errorRate)}</td><td>${share(p.neverReadyViews, p.views, p.neverReadyRate)}</td><td>${p.views} <small>${pct(p.share)}</small></td><td>${p.readyP75 === undefined ? '' : ms(p.readyP75)}</td></tr>`,
    ),
  ])
  const split = `<table class="split"><thead><tr><th></th><th>with an error</th><th>never ready</th><th>views</th><th>ready p75</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
  const problems = r.problems.map((p) => {
    const where = problemWhere(p)
    return `<tr><td><code>${esc(p.kind)}</code></td><td class="msg">${esc(p.message)}${where ? `<small>${esc(where)}</small>` : ''}</td><td>${esc(plural(p.views, 'view'))}</td><td class="seen">${seen(p.firstSeen, p.lastSeen)}</td></tr>`
  })
  const problemTable =
    problems.length > 0
      ? `<table class="problems"><thead><tr><th>problem</th><th>message, where</th><th>views</th><th>seen (UTC)</th></tr></thead><tbody>${problems.join('')}</tbody></table>`
      : '<p class="none">No problems reported.</p>'
  const head = `${r.total.views} views: ${share(r.total.errorViews, r.total.views, r.rates.error)} with an error, ${r.total.neverReadyViews} never ready`
  return `<div class="who"><h3><i style="background:${colour(r.release)}"></i>${esc(r.release)} <span class="role">${esc(r.role)}</span> <small>${esc(head)}</small></h3>${split}${problemTable}</div>`
}

const VERDICT_CLASS = { worse: 'worse', slower: 'worse', fine: 'fine', 'too-few': 'few' } as const

const badge = (page: PageReport) =>
  page.standing
    ? `<span class="badge ${page.standing.replace(' ', '-')}">${esc(page.standing)}</span>`
    : page.verdict?.kind === 'fine'
      ? '<span class="badge ok">ok</span>'
      : '<span class="badge none">no verdict</span>'

function section(page: PageReport, index: number): string {
  const colour = colours(page)
  const headline = headlineOf(page)
  // "No worse than a release that was taken back" is no news to show in green.
  const vclass = !page.verdict
    ? 'few'
    : page.verdict.kind === 'fine' && page.releases.some((r) => r.role === 'taken back')
      ? 'plain'
      : VERDICT_CLASS[page.verdict.kind]
  const deployed =
    page.live === null
      ? 'No deploy told the API about this page.'
      : `Live ${page.live}, before it ${page.previous ?? 'none'}${page.canary ? `, canary ${page.canary} on a share of app devices` : ''}, as the deploys say.`
  const missing =
    page.live !== null && !page.releases.some((r) => r.release === page.live)
      ? ` The live release ${page.live} has no reports in the window.`
      : ''
  const events =
    page.events.length > 0
      ? `<ol class="events">${page.events.map((e) => `<li class="${esc(e.kind)}">${esc(eventText(e, (s) => s))}</li>`).join('')}</ol>`
      : ''
  // A page with a verdict shows who erred in the release in question and its reference; the others fold it away.
  const { subject, reference } = subjectOf(page)
  const shown = page.standing ? [subject, reference].filter((r): r is ReleaseReport => r !== null) : []
  const rest = page.releases.filter((r) => !shown.includes(r))
  const more =
    rest.length > 0
      ? `<details><summary>${plural(rest.length, shown.length > 0 ? 'more release' : 'release')}: who erred, which problems</summary><div class="whos">${rest.map((r) => who(r, colour)).join('')}</div></details>`
      : ''
  const step = page.chart.step === 'minute' ? `per minute, ${during(page.chart.from, page.chart.to)} UTC` : 'per hour over the window'
  return `<section id="page-${index}"${page.standing ? ' class="flagged"' : ''}><h2>${esc(page.route)} ${badge(page)}</h2>${headline ? `<p class="headline">${esc(headline)}</p>` : ''}<p class="verdict ${vclass}"><b>Verdict</b> (the rule, live against before it): ${esc(verdictText(page))}</p><p class="deployed">${esc(deployed + missing)}</p>${events}${page.releases.length > 0 ? releasesTable(page, colour) : ''}<p class="step">Charts ${esc(step)}; dashed lines: a release made live, red lines: taken back.</p><div class="charts">${charts(page, colour, esc)}</div><div class="whos">${shown.map((r) => who(r, colour)).join('')}</div>${more}</section>`
}

const headlineOf = (page: PageReport) => headline(page, (s) => s)

function summary(report: HealthReport): string {
  const rows = report.pages.map((p, i) => {
    const live = p.releases.find((r) => r.role === 'live')
    const why =
      headlineOf(p) ??
      (p.verdict?.kind === 'fine' && live
        ? `${live.total.views} views of the live release, ${pct(live.rates.error)} with an error, ${pct(live.rates.neverReady)} never ready`
        : verdictText(p))
    return `<tr><td>${badge(p)}</td><td><a href="#page-${i}">${esc(p.route)}</a></td><td>${esc(p.live ?? '—')}</td><td>${esc(p.previous ?? '—')}</td><td class="why">${esc(why)}</td></tr>`
  })
  return `<table class="summary"><thead><tr><th></th><th>page</th><th>live</th><th>before it</th><th>who and why</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC",sans-serif;margin:0;background:#f6f8fa;color:#1f2328}
header{padding:16px 24px;background:#fff;border-bottom:1px solid #d0d7de}h1{font-size:20px;margin:0 0 4px}header p{margin:0 0 8px;color:#57606a}
main{padding:16px 24px;display:grid;grid-template-columns:minmax(0,1fr);gap:16px}section{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:14px 16px;overflow-x:auto}
section.flagged{border-left:6px solid #cf222e}h2{font-size:18px;margin:0 0 6px}h3{font-size:14px;margin:0 0 4px}h3 .role{font-weight:normal}
h3 small,.deployed,.step,.none{color:#57606a;font-weight:normal}p{margin:4px 0}small{color:#57606a}
i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px}
.badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;text-transform:uppercase;vertical-align:middle;white-space:nowrap}
.badge.taken-back,.badge.worse{background:#cf222e;color:#fff}.badge.slower{background:#bc4c00;color:#fff}.badge.ok{background:#dafbe1;color:#116329}.badge.none{background:#eaeef2;color:#57606a}
.headline{font-weight:600;color:#a40e26}.verdict{padding:5px 10px;border-radius:6px;background:#f6f8fa}.verdict.worse{background:#ffebe9}.verdict.fine{background:#dafbe1}.verdict.few{background:#fff8c5}
.events{margin:4px 0;padding-left:22px;font-size:13px}.events .taken-back{color:#a40e26;font-weight:600}
table{border-collapse:collapse;font-size:12.5px}td,th{padding:3px 6px;text-align:right;vertical-align:top;white-space:nowrap}thead th{color:#57606a;font-weight:normal;border-bottom:1px solid #d0d7de}
.releases{margin:8px 0}.releases th:first-child,.releases td.role,.releases td.lost{text-align:left}.releases tr.subject{font-weight:600}
td.seen,.releases td.lost{white-space:normal}.time{white-space:nowrap}.releases td.lost{min-width:100px}.releases td.worse{background:#ffebe9;color:#a40e26}.releases td.better{background:#dafbe1}.releases td.lost{font-weight:normal;color:#57606a}
.summary td,.summary th{text-align:left}.summary td.why{color:#57606a;white-space:normal}
.charts{display:flex;flex-wrap:wrap;gap:12px;margin:4px 0 8px}figure{margin:0;max-width:380px}figcaption{font-size:12px;color:#57606a}
svg text{font-size:10px;fill:#57606a}svg text.mark{font-weight:600}svg .grid{stroke:#eaeef2}
.whos{display:grid;grid-template-columns:repeat(auto-fit,minmax(540px,1fr));gap:12px 24px}.who{border-top:1px solid #eaeef2;padding-top:8px}
.split{width:100%}.split th{text-align:left;font-weight:normal}.split tr.group th{font-weight:600;color:#57606a;padding-top:6px}.split tbody th{padding-left:16px}.split tr.group th{padding-left:8px}
.bar{display:inline-block;width:44px;height:8px;background:#eaeef2;margin-right:6px;vertical-align:middle}.bar b{display:block;height:100%}.bar b.err{background:#cf222e}
.split td{text-align:left}.problems{margin-top:8px;width:100%}.problems td,.problems th{text-align:left}.problems td.msg{white-space:normal}
.msg small{display:block;word-break:break-all}code{font-size:12px}details{margin-top:8px}summary{cursor:pointer;color:#57606a}`

/** The report as one HTML document. */
export function renderHealthHtml(report: HealthReport): string {
  const window = `${during(report.since, report.until)} UTC`
  const judged = report.judgedOn.since === report.since ? 'on this window' : `on ${during(report.judgedOn.since, report.judgedOn.until)}`
  const body =
    report.pages.length === 0
      ? '<section><p>No field reports in this window.</p></section>'
      : report.pages.map((p, i) => section(p, i)).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Release health ${esc(when(report.since))} → ${esc(when(report.until))}</title><style>${STYLE}</style></head><body><header><h1>Release health</h1><p>${esc(window)}; verdicts by the rule ${esc(judged)}. ${esc(notCountedText(report.notCounted))} Live and before it as the deploys say; pages taken back, worse or slower first.</p>${report.pages.length > 0 ? summary(report) : ''}</header><main>${body}</main></body></html>\n`
}
