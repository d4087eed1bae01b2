/**
 * `npm run health -- --html report.html`: the same figures as one self-contained page an ops engineer
 * would rather look at than read: per page, a card of the live release against the one before it
 * (worse in red), the verdict of the rule, and three charts over the window, hour by hour, one colour a
 * release, each release's start marked: views, error and never-ready rates, p75 ready. Inline SVG and
 * CSS only: no script, no external file, so it opens from a mail or a CI artifact as it is.
 */
import { CLIENT_KINDS } from '../../../common/telemetry/report.ts'
import type { HealthFigures, HealthReply, ReleaseHealth } from '../../../common/telemetry/health.ts'
import { countsOf, ratesOf, type PageHealth } from './pages.ts'
import { judge, type Metric, type RuleOptions } from './rule.ts'

const when = (iso: string) => iso.slice(0, 16).replace('T', ' ')
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const pct = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)} %`)
const ms = (v: number | null) => (v === null ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Math.round(v)} ms`)
/** Live in blue, the one before in orange, older ones in greys. */
const COLOURS = ['#1f6feb', '#d4761c', '#8c959f', '#b6bcc4', '#d0d5da']

/** A release's colour on its page: by its place among the page's releases, live and before first. */
function colours(page: PageHealth): Map<string, string> {
  const order = [page.live, ...(page.before ? [page.before] : []), ...page.releases.filter((r) => r !== page.live && r !== page.before)]
  return new Map(order.map((r, i) => [r.release, COLOURS[Math.min(i, COLOURS.length - 1)]!]))
}

interface Frame {
  from: number
  to: number
  width: number
  height: number
  left: number
  bottom: number
}

const X = (f: Frame, t: number) => f.left + ((t - f.from) / Math.max(1, f.to - f.from)) * (f.width - f.left - 8)
const Y = (f: Frame, v: number, max: number) => f.height - f.bottom - (v / (max || 1)) * (f.height - f.bottom - 14)

/** Axes, hour ticks, the y labels and each release's start as a dashed line. */
function axes(f: Frame, page: PageHealth, colour: Map<string, string>, max: number, label: (v: number) => string): string {
  const parts: string[] = []
  for (const v of [0, max / 2, max]) {
    const y = Y(f, v, max)
    parts.push(`<line x1="${f.left}" x2="${f.width - 8}" y1="${y}" y2="${y}" stroke="#eaeef2"/>`)
    parts.push(`<text x="${f.left - 6}" y="${y + 4}" text-anchor="end">${esc(label(v))}</text>`)
  }
  const hours = (f.to - f.from) / 3_600_000
  const step = Math.max(1, Math.ceil(hours / 8)) * 3_600_000
  for (let t = Math.ceil(f.from / step) * step; t <= f.to; t += step) {
    const d = new Date(t)
    parts.push(`<text x="${X(f, t)}" y="${f.height - 4}" text-anchor="middle">${d.toISOString().slice(11, 16)}</text>`)
  }
  for (const r of page.releases) {
    const x = X(f, Math.max(f.from, Date.parse(r.firstSeen)))
    parts.push(`<line x1="${x}" x2="${x}" y1="10" y2="${f.height - f.bottom}" stroke="${colour.get(r.release)}" stroke-dasharray="4 3"/>`)
    parts.push(`<text x="${x + 3}" y="10" fill="${colour.get(r.release)}">${esc(r.release.slice(0, 6))}</text>`)
  }
  return parts.join('')
}

function svg(f: Frame, title: string, body: string): string {
  return `<figure><figcaption>${esc(title)}</figcaption><svg viewBox="0 0 ${f.width} ${f.height}" width="${f.width}" height="${f.height}" role="img" aria-label="${esc(title)}">${body}</svg></figure>`
}

/** Views per hour: one bar a release and hour. */
function viewsChart(f: Frame, page: PageHealth, colour: Map<string, string>): string {
  const points = page.releases.flatMap((r) => r.hourly.map((h) => ({ r, t: Date.parse(h.hour), v: h.views })))
  const max = Math.max(1, ...points.map((p) => p.v))
  const hourWidth = Math.max(2, (X(f, f.from + 3_600_000) - X(f, f.from)) / Math.max(1, page.releases.length) - 1)
  const bars = points.map((p) => {
    const i = page.releases.indexOf(p.r)
    const x = X(f, p.t) + i * (hourWidth + 1)
    const y = Y(f, p.v, max)
    return `<rect x="${x}" y="${y}" width="${hourWidth}" height="${f.height - f.bottom - y}" fill="${colour.get(p.r.release)}"><title>${esc(`${p.r.release} ${new Date(p.t).toISOString().slice(0, 13)}h: ${p.v} views`)}</title></rect>`
  })
  return svg(f, 'Views per hour', axes(f, page, colour, max, (v) => String(Math.round(v))) + bars.join(''))
}

/** A line a release, of `value` per hour (null: no point). */
function lines(
  f: Frame,
  page: PageHealth,
  colour: Map<string, string>,
  max: number,
  value: (h: ReleaseHealth['hourly'][number]) => number | null,
  dash = '',
): string {
  return page.releases
    .map((r) => {
      const pts = r.hourly.flatMap((h) => {
        const v = value(h)
        return v === null ? [] : [[X(f, Date.parse(h.hour) + 1_800_000), Y(f, Math.min(v, max), max), v, h.hour] as const]
      })
      if (pts.length === 0) return ''
      const path = pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join('')
      const dots = pts
        .map(([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="2.5" fill="${colour.get(r.release)}"/>`)
        .join('')
      return `<path d="${path}" fill="none" stroke="${colour.get(r.release)}" stroke-width="2" ${dash ? `stroke-dasharray="${dash}"` : ''}/>${dots}`
    })
    .join('')
}

function ratesChart(f: Frame, page: PageHealth, colour: Map<string, string>): string {
  const all = page.releases.flatMap((r) =>
    r.hourly.filter((h) => h.views > 0).flatMap((h) => [h.errorViews / h.views, h.neverReadyViews / h.views]),
  )
  const max = Math.min(1, Math.max(0.05, ...all) * 1.1)
  const body =
    axes(f, page, colour, max, (v) => `${Math.round(v * 100)} %`) +
    lines(f, page, colour, max, (h) => (h.views > 0 ? h.errorViews / h.views : null)) +
    lines(f, page, colour, max, (h) => (h.views > 0 ? h.neverReadyViews / h.views : null), '5 4')
  return svg(f, 'Error rate (solid) and never-ready rate (dashed) per hour', body)
}

function readyChart(f: Frame, page: PageHealth, colour: Map<string, string>): string {
  const all = page.releases.flatMap((r) => r.hourly.flatMap((h) => (h.readyP75 === null ? [] : [h.readyP75])))
  const max = Math.max(1000, ...all) * 1.1
  return svg(f, 'Ready, p75 per hour', axes(f, page, colour, max, (v) => ms(v)) + lines(f, page, colour, max, (h) => h.readyP75))
}

/** How a figure moved: `worse` (red), `better` (green), or no mark. */
type Move = 'worse' | 'better' | ''

/**
 * A figure's move: marked once it changed by more than 10 % and by `atLeast` (a p75 moves by a few
 * percent from one window to the next with nothing changed; a rate of a few views by a point).
 */
function moved(now: number | null, before: number | null, atLeast = 0): Move {
  if (now === null || before === null || before === 0 || Math.abs(now - before) / before <= 0.1 || Math.abs(now - before) < atLeast)
    return ''
  return now > before ? 'worse' : 'better'
}

/** A figure of the live release beside the one before it. */
function stat(label: string, now: string, before: string, move: Move): string {
  return `<div class="stat ${move}"><span>${esc(label)}</span><b>${esc(now)}</b><small>before: ${esc(before)}</small></div>`
}

function card(page: PageHealth, options: RuleOptions): string {
  const live = page.live.total
  const before = page.before?.total ?? null
  const r = ratesOf(live)
  const b = before ? ratesOf(before) : null
  const verdict = judge(countsOf(live), before ? countsOf(before) : null, options)
  const badge =
    verdict.kind === 'worse'
      ? `<p class="verdict worse">Would be taken back (npm run health -- --gate): ${esc(verdict.why)}</p>`
      : verdict.kind === 'fine'
        ? `<p class="verdict fine">No worse than before. <small>${esc(verdict.why)}</small></p>`
        : `<p class="verdict few">No verdict yet: ${esc(verdict.why)}.</p>`
  // The two rates the rule judges are marked as it judged them; the others by a change of over 10 %.
  const judged = (metric: Metric): Move => {
    const c = verdict.kind === 'too-few' ? undefined : verdict.comparisons.find((x) => x.metric === metric)
    return c?.worse ? 'worse' : c && c.against === 'previous' && c.rate < c.reference && c.p > 0.99 ? 'better' : ''
  }
  const count = (v: number | null) => (v === null ? '—' : String(v))
  const cls = (v: number | null) => (v === null ? '—' : v.toFixed(3))
  const stats = [
    stat('views', count(live.views), count(before?.views ?? null), ''),
    stat('error rate', pct(r.error), pct(b?.error ?? null), judged('error')),
    stat('never ready', pct(r.neverReady), pct(b?.neverReady ?? null), judged('neverReady')),
    stat('audio failed', pct(r.audioFail), pct(b?.audioFail ?? null), moved(r.audioFail, b?.audioFail ?? null, 0.01)),
    stat('ready p75', ms(live.p75.ready), ms(before?.p75.ready ?? null), moved(live.p75.ready, before?.p75.ready ?? null)),
    stat('LCP p75', ms(live.p75.lcp), ms(before?.p75.lcp ?? null), moved(live.p75.lcp, before?.p75.lcp ?? null)),
    stat('INP p75', ms(live.p75.inp), ms(before?.p75.inp ?? null), moved(live.p75.inp, before?.p75.inp ?? null)),
    stat('CLS p75', cls(live.p75.cls), cls(before?.p75.cls ?? null), moved(live.p75.cls, before?.p75.cls ?? null)),
  ]
  return `${badge}<div class="stats">${stats.join('')}</div>`
}

function clients(page: PageHealth): string {
  const rowOf = (name: string, f: HealthFigures | undefined) => {
    if (!f || f.views === 0) return ''
    const r = ratesOf(f)
    return `<tr><td>${esc(name)}</td><td>${f.views}</td><td>${pct(r.error)}</td><td>${pct(r.neverReady)}</td><td>${pct(r.audioFail)}</td><td>${ms(f.p75.ready)}</td><td>${ms(f.p75.lcp)}</td><td>${ms(f.p75.inp)}</td></tr>`
  }
  const rows = [page.live, ...(page.before ? [page.before] : [])].flatMap((r) => [
    `<tr class="release"><th colspan="8">${esc(r.release)} (${r === page.live ? 'live' : 'before it'})</th></tr>`,
    ...CLIENT_KINDS.map((c) => rowOf(c, r.byClient[c])),
  ])
  return `<table><thead><tr><th>client</th><th>views</th><th>errors</th><th>never ready</th><th>audio failed</th><th>ready p75</th><th>LCP p75</th><th>INP p75</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function problems(page: PageHealth): string {
  const top = page.live.topProblems.slice(0, 5)
  if (top.length === 0) return ''
  return `<ul class="problems">${top.map((p) => `<li><code>${esc(p.kind)}</code> ${esc(p.message)} <small>${p.views} view${p.views === 1 ? '' : 's'}</small></li>`).join('')}</ul>`
}

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans CJK SC",sans-serif;margin:0;background:#f6f8fa;color:#1f2328}
header{padding:16px 24px;background:#fff;border-bottom:1px solid #d0d7de}h1{font-size:20px;margin:0}
main{padding:16px 24px;display:grid;gap:16px}section{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:16px}
h2{font-size:17px;margin:0 0 8px}h2 small{font-weight:normal;color:#57606a}
.stats{display:grid;grid-template-columns:repeat(auto-fill,minmax(120px,1fr));gap:8px;margin:8px 0}
.stat{border:1px solid #d0d7de;border-radius:6px;padding:6px 8px}.stat span{display:block;color:#57606a;font-size:12px}
.stat b{font-size:18px}.stat small{display:block;color:#57606a}.stat.worse{border-color:#cf222e;background:#ffebe9}.stat.better{border-color:#1a7f37;background:#dafbe1}
.verdict{margin:0 0 4px;padding:6px 10px;border-radius:6px}.verdict.worse{background:#cf222e;color:#fff}.verdict.fine{background:#dafbe1}.verdict.few{background:#fff8c5}
.verdict small{color:#57606a}.charts{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}figcaption{font-size:12px;color:#57606a}
svg text{font-size:10px;fill:#57606a}table{border-collapse:collapse;font-size:12px;margin-top:8px}td,th{padding:2px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}tr.release th{text-align:left;padding-top:6px}.problems{margin:8px 0 0;font-size:12px}
.legend span{display:inline-block;margin-right:12px}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:middle}`

/** The report as one HTML document. */
export function renderHealthHtml(reply: HealthReply, pages: readonly PageHealth[], options: RuleOptions = {}): string {
  const from = Date.parse(reply.since)
  const to = Date.parse(reply.until)
  const frame: Frame = { from, to, width: 420, height: 170, left: 42, bottom: 18 }
  const sections = pages.map((page) => {
    const colour = colours(page)
    const legend = page.releases
      .map(
        (r) =>
          `<span><i style="background:${colour.get(r.release)}"></i>${esc(r.release)}${r === page.live ? ' (live)' : r === page.before ? ' (before it)' : ''}</span>`,
      )
      .join('')
    return `<section><h2>${esc(page.route)} <small>${page.releases.length} release${page.releases.length === 1 ? '' : 's'}</small></h2>${card(page, options)}<p class="legend">${legend}</p><div class="charts">${viewsChart(frame, page, colour)}${ratesChart(frame, page, colour)}${readyChart(frame, page, colour)}</div>${clients(page)}${problems(page)}</section>`
  })
  const empty = pages.length === 0 ? '<section><p>No field reports in this window.</p></section>' : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Release health ${esc(reply.since.slice(0, 16))} → ${esc(reply.until.slice(0, 16))}</title><style>${STYLE}</style></head><body><header><h1>Release health</h1><p>${esc(when(reply.since))} → ${esc(when(reply.until))} UTC. Live: the release that reported last; before it: the other one that reported last. Charts: one colour a release, a dashed line where it started.</p></header><main>${sections.join('')}${empty}</main></body></html>\n`
}
