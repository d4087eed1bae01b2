/**
 * The HTML report's charts of one page (html.ts), as inline SVG: views (bars stacked by release), error
 * and never-ready rates, p75 of ready, per minute or per hour over the page's chart span (pages.ts), one
 * colour a release, and the deploys' marks (live, rolled back to, taken back) as vertical lines with
 * their labels above the plot.
 */
import type { ReleaseEvent, SeriesPoint } from '../../../common/telemetry/health.ts'
import type { PageReport, ReleaseReport } from './pages.ts'
import { EVENT_WORDS, ms, when } from './text.ts'

export type Escape = (text: string) => string

interface Frame {
  from: number
  to: number
  /** A series step in ms. */
  step: number
  width: number
  height: number
  left: number
  right: number
  /** Room above the plot for the marks' labels. */
  top: number
  bottom: number
}

const MINUTE = 60_000
const X = (f: Frame, t: number) => f.left + ((t - f.from) / Math.max(1, f.to - f.from)) * (f.width - f.left - f.right)
const Y = (f: Frame, v: number, max: number) => f.height - f.bottom - (Math.min(v, max) / (max || 1)) * (f.height - f.bottom - f.top)
const n1 = (v: number) => v.toFixed(1)

/** The axis' top: `v` rounded up to 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten. */
export function niceMax(v: number): number {
  const power = 10 ** Math.floor(Math.log10(v))
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((m) => m * power).find((m) => m >= v) ?? v
}

/** Ticks of the time axis: the first round step (1 minute … 2 days) that gives at most 7 of them. */
function timeTicks(f: Frame): string {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880].map((m) => m * MINUTE)
  const step = steps.find((s) => (f.to - f.from) / s <= 7) ?? steps.at(-1)!
  const out: string[] = []
  for (let t = Math.ceil(f.from / step) * step; t <= f.to; t += step) {
    // A label cut by the edge reads as another time.
    if (X(f, t) > f.width - 14) continue
    const label = step >= 1440 * MINUTE ? when(new Date(t).toISOString()).slice(5, 10) : when(new Date(t).toISOString()).slice(11)
    out.push(`<text x="${n1(X(f, t))}" y="${f.height - 5}" text-anchor="middle">${label}</text>`)
  }
  return out.join('')
}

/** Gridlines and labels of the y axis at 0, half and the top. */
function yAxis(f: Frame, max: number, label: (v: number) => string): string {
  return [0, max / 2, max]
    .map((v) => {
      const y = n1(Y(f, v, max))
      return `<line x1="${f.left}" x2="${f.width - f.right}" y1="${y}" y2="${y}" class="grid"/><text x="${f.left - 5}" y="${Number(y) + 3.5}" text-anchor="end">${label(v)}</text>`
    })
    .join('')
}

/** The marks: a line each, its label in the first row above the plot where it does not overlap another. */
function marks(f: Frame, events: readonly ReleaseEvent[], colour: (release: string) => string, esc: Escape): string {
  const rowsEnd: number[] = []
  return events
    .filter((e) => Date.parse(e.at) >= f.from && Date.parse(e.at) <= f.to)
    .map((e) => {
      const x = X(f, Date.parse(e.at))
      const text = `${EVENT_WORDS[e.kind] ?? e.kind} ${e.release.slice(0, 6)}`
      const width = text.length * 5.6
      const leftward = x + 3 + width > f.width
      const [start, end] = leftward ? [x - 3 - width, x - 3] : [x + 3, x + 3 + width]
      let row = rowsEnd.findIndex((taken) => taken < start)
      if (row === -1) row = rowsEnd.length
      const label =
        row < 3
          ? `<text x="${n1(leftward ? x - 3 : x + 3)}" y="${9 + row * 11}" class="mark" ${leftward ? 'text-anchor="end" ' : ''}fill="${colour(e.release)}">${esc(text)}</text>`
          : ''
      if (row < 3) rowsEnd[row] = end
      const taken = e.kind === 'taken-back'
      const line = `<line x1="${n1(x)}" x2="${n1(x)}" y1="${row < 3 ? 11 + row * 11 : f.top}" y2="${f.height - f.bottom}" stroke="${taken ? '#cf222e' : colour(e.release)}" stroke-width="${taken ? 2 : 1.5}"${taken ? '' : ' stroke-dasharray="4 3"'}><title>${esc(`${when(e.at)} ${EVENT_WORDS[e.kind] ?? e.kind} ${e.release} (${e.run})`)}</title></line>`
      return line + label
    })
    .join('')
}

function svg(f: Frame, title: string, body: string, esc: Escape): string {
  return `<figure><figcaption>${esc(title)}</figcaption><svg viewBox="0 0 ${f.width} ${f.height}" width="${f.width}" height="${f.height}" role="img" aria-label="${esc(title)}">${body}</svg></figure>`
}

/** Views: at each step one bar, stacked by release in the page's order (live at the bottom). */
function viewsChart(f: Frame, releases: readonly ReleaseReport[], colour: (r: string) => string, esc: Escape): string {
  const steps = new Map<number, { r: ReleaseReport; p: SeriesPoint }[]>()
  for (const r of releases) for (const p of r.series) steps.set(Date.parse(p.at), [...(steps.get(Date.parse(p.at)) ?? []), { r, p }])
  const max = niceMax(Math.max(1, ...[...steps.values()].map((list) => list.reduce((s, x) => s + x.p.views, 0))))
  const bars = [...steps].flatMap(([t, list]) => {
    const x = X(f, Math.max(f.from, t))
    const w = Math.max(1, X(f, Math.min(f.to, t + f.step)) - x - (f.step * 300 > f.to - f.from ? 0 : 1))
    let below = 0
    return list.map(({ r, p }) => {
      const [y0, y1] = [Y(f, below, max), Y(f, below + p.views, max)]
      below += p.views
      return `<rect x="${n1(x)}" y="${n1(y1)}" width="${n1(w)}" height="${n1(y0 - y1)}" fill="${colour(r.release)}"><title>${esc(`${r.release} ${when(p.at)}: ${p.views} views, ${p.errorViews} with an error, ${p.neverReadyViews} never ready`)}</title></rect>`
    })
  })
  return yAxis(f, max, (v) => String(Math.round(v))) + bars.join('')
}

/** A line a release of `value` at each step; a step without views breaks it. */
function lines(
  f: Frame,
  releases: readonly ReleaseReport[],
  colour: (r: string) => string,
  max: number,
  value: (p: SeriesPoint) => number | null,
  dash = '',
): string {
  return releases
    .map((r) => {
      let path = ''
      let last = -Infinity
      const dots: string[] = []
      for (const p of r.series) {
        const v = value(p)
        const t = Date.parse(p.at)
        if (v === null || t < f.from - f.step || t > f.to) continue
        const [x, y] = [n1(X(f, Math.min(f.to, t + f.step / 2))), n1(Y(f, v, max))]
        path += `${t - last > f.step ? 'M' : 'L'}${x},${y}`
        last = t
        dots.push(`<circle cx="${x}" cy="${y}" r="${f.step * 60 > f.to - f.from ? 2.5 : 1.25}" fill="${colour(r.release)}"/>`)
      }
      return path
        ? `<path d="${path}" fill="none" stroke="${colour(r.release)}" stroke-width="1.75"${dash ? ` stroke-dasharray="${dash}"` : ''}/>${dots.join('')}`
        : ''
    })
    .join('')
}

/** The views a step needs for its rates to be drawn: 1 of 2 views is no 50 % error rate worth a point. */
export const RATE_MIN_VIEWS = 5
const rate = (bad: (p: SeriesPoint) => number) => (p: SeriesPoint) => (p.views >= RATE_MIN_VIEWS ? bad(p) / p.views : null)

/** The three charts of a page, in a row. */
export function charts(page: PageReport, colour: (release: string) => string, esc: Escape): string {
  const step = page.chart.step === 'minute' ? MINUTE : 60 * MINUTE
  const f: Frame = {
    from: Date.parse(page.chart.from),
    to: Date.parse(page.chart.to),
    step,
    width: 380,
    height: 200,
    left: 44,
    right: 10,
    top: 38,
    bottom: 20,
  }
  const every = page.chart.step === 'minute' ? 'per minute' : 'per hour'
  const axes = (body: string) => body + timeTicks(f) + marks(f, page.events, colour, esc)
  const rates = page.releases.flatMap((r) =>
    r.series.flatMap((p) => (p.views >= RATE_MIN_VIEWS ? [p.errorViews / p.views, p.neverReadyViews / p.views] : [])),
  )
  const rateMax = Math.min(1, niceMax(Math.max(0.05, ...rates) * 1.05))
  const readies = page.releases.flatMap((r) => r.series.flatMap((p) => (p.readyP75 === null ? [] : [p.readyP75])))
  const readyMax = niceMax(Math.max(1000, ...readies))
  return [
    svg(f, `Views ${every}`, axes(viewsChart(f, page.releases, colour, esc)), esc),
    svg(
      f,
      `Error rate (solid) and never-ready rate (dashed) ${every}, of ${RATE_MIN_VIEWS} views or more`,
      axes(
        yAxis(f, rateMax, (v) => `${Number((v * 100).toFixed(1))} %`) +
          lines(
            f,
            page.releases,
            colour,
            rateMax,
            rate((p) => p.errorViews),
          ) +
          lines(
            f,
            page.releases,
            colour,
            rateMax,
            rate((p) => p.neverReadyViews),
            '5 3',
          ),
      ),
      esc,
    ),
    svg(f, `Ready, p75 ${every}`, axes(yAxis(f, readyMax, ms) + lines(f, page.releases, colour, readyMax, (p) => p.readyP75)), esc),
  ].join('')
}
