/** Writes the bench results: a Markdown table for people and the same figures as JSON. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AudioFigures } from './audio.ts'
import type { LighthouseResult } from './lighthouse.ts'
import type { PageResult } from './measure-pages.ts'
import type { PageWeight } from '../../scripts/build/page-weight.ts'
import { PROFILE, type Profile } from './phone.ts'
import { packageOpensTable, type PackageOpenResult } from './package-open.ts'
import { slowTapsTable, type SlowTapResult } from './slow-taps.ts'
import type { FolderScale, ShareScale } from './scaling.ts'
import type { SecondOpen } from './second-open.ts'
import { median } from './stats.ts'
import { SPOTLIGHT_ROUTES } from './targets.ts'

export interface BenchResults {
  date: string
  commit: string
  label: string
  /** Load averages at the start (1, 5, 15 min) and the 1-minute one sampled every 10 s during the run. */
  machine: { cpus: number; loadAverage: number[]; loadDuringRun?: number[] }
  profile: Profile
  runs: number
  /** Whether the build carried prerendered HTML. */
  prerender: boolean
  /** Which server the pages were loaded from (the demo; runs before issue 50 name none). */
  server?: string
  pages: PageResult[]
  /** Every page again in its other fixture (the app ↔ a phone browser), for CLS in both. */
  otherFixture?: PageResult[]
  /** Lighthouse 13 on the reference server (issue 31). */
  lighthouse?: LighthouseResult[]
  /** Film strips written beside the report (paths relative to it). */
  films?: string[]
  weights: PageWeight[]
  /** Route path → how its HTML carries the prerendered frame. */
  frames: Record<string, string>
  share: ShareScale[]
  folders: FolderScale[]
  /** Second opens with a warm cache (issue 18). */
  reopens?: SecondOpen[]
  /** Audio start on the picture book (issue 18). */
  audio?: AudioFigures | null
  /** A tap the moment a page is ready, on the slow network (issue 39). */
  slowTaps?: SlowTapResult[]
  /** Per in-app page, an open on the slow network over the network and from its package (issue 47). */
  packageOpens?: PackageOpenResult[]
  /** Wall time of the whole bench, s. */
  seconds: number
}

const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v)}`)
const kb = (v: number | null) => (v === null ? '–' : (v / 1024).toFixed(1))
const mark = (ok: boolean | null) => (ok === null ? '–' : ok ? '✓' : '✗')
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function pagesTable(pages: readonly PageResult[]): string[] {
  const floorJs = pages.find((p) => p.name === 'floor')?.jsBytes ?? null
  const lines = [
    '| page | TTFB | FCP | LCP | LCP element | JS gz KB | CSS gz KB | JS ÷ floor | requests | API | FCP goal | LCP goal | JS goal | console errors |',
    '|---|--:|--:|--:|---|--:|--:|--:|--:|--:|:-:|:-:|:-:|--:|',
  ]
  for (const p of pages) {
    const ratio = floorJs && p.jsBytes !== null ? p.jsBytes / floorJs : null
    const floor = p.name === 'floor'
    lines.push(
      `| ${cell(p.name)} | ${ms(p.ttfb)} | ${ms(p.fcp)} | ${ms(p.lcp)} | ${cell(p.lcpElement || '–')} | ${kb(p.jsBytes)} | ${kb(p.cssBytes)} | ` +
        `${ratio === null ? '–' : ratio.toFixed(2)} | ${p.requests ?? '–'} | ${p.apiRequests ?? '–'} | ` +
        `${mark(p.fcp === null ? null : p.fcp <= p.goals.fcp)} ≤${p.goals.fcp} | ${mark(p.lcp === null ? null : p.lcp <= p.goals.lcp)} ≤${p.goals.lcp} | ` +
        `${floor ? '–' : `${mark(ratio === null ? null : ratio <= p.goals.jsRatio)} ≤${p.goals.jsRatio}x`} | ${p.errors.length} |`,
    )
  }
  return lines
}

const ratio = (v: number | null) => (v === null ? '–' : v.toFixed(2))

type Run = PageResult['runs'][number]

/** Median over the runs of `f(page run i, reference run i)`: runs are interleaved, so each pair shared the machine's load. */
function paired(page: PageResult, ref: PageResult | undefined, f: (run: Run, refRun: Run) => number | null): number | null {
  if (!ref) return null
  return median(page.runs.map((run, i) => (ref.runs[i] ? f(run, ref.runs[i]) : null)))
}

/** Median over the runs of `f(page run i) ÷ g(reference run i)`. */
function pairedRatio(
  page: PageResult,
  ref: PageResult | undefined,
  f: (x: Run) => number | null,
  g: (x: Run) => number | null,
): number | null {
  return paired(page, ref, (run, refRun) => {
    const a = f(run)
    const b = g(refRun)
    return a !== null && b ? a / b : null
  })
}

/** Issue 31's goals: a data page ready ≤ 1.0× the floor's FCP (the share cover also ≤ 1.5× limit-fetch), a static page ≤ 0.6×, CLS ≤ 0.02. */
export const READY_GOALS = { data: 1.0, static: 0.6, shareToLimitFetch: 1.5, cls: 0.02 } as const

const cls = (v: number | null) => (v === null ? '–' : v.toFixed(3))

/** Ready ÷ the floor's FCP and ÷ limit-fetch's ready, paired by run; the goals of issue 31. */
export function readyRatios(p: PageResult, pages: readonly PageResult[]) {
  const floor = pages.find((x) => x.name === 'floor')
  const limitFetch = pages.find((x) => x.name === 'limit-fetch')
  const toFloor = pairedRatio(
    p,
    floor,
    (x) => x.shown,
    (x) => x.fcp,
  )
  const toLimit = pairedRatio(
    p,
    limitFetch,
    (x) => x.shown,
    (x) => x.shown,
  )
  const goals: boolean[] = []
  if (p.kind === 'data' && toFloor !== null) goals.push(toFloor <= READY_GOALS.data)
  if (p.kind === 'static' && toFloor !== null) goals.push(toFloor <= READY_GOALS.static)
  if (p.share && toLimit !== null) goals.push(toLimit <= READY_GOALS.shareToLimitFetch)
  if (p.kind !== 'reference' && p.cls !== null) goals.push(p.cls <= READY_GOALS.cls)
  return { toFloor, toLimit, goal: p.kind === 'reference' ? '–' : goals.length ? mark(goals.every(Boolean)) : '–' }
}

function readyTable(pages: readonly PageResult[]): string[] {
  const lines = [
    '| page | kind | fixture | ready | FCP | LCP | CLS | ready ÷ floor FCP | ready ÷ limit-fetch ready | goal | largest shift: what moved |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|:-:|---|',
  ]
  for (const p of pages) {
    const { toFloor, toLimit, goal } = readyRatios(p, pages)
    lines.push(
      `| ${cell(p.name)} | ${p.kind} | ${p.fixture} | ${ms(p.shown)} | ${ms(p.fcp)} | ${ms(p.lcp)} | ${cls(p.cls)} | ${ratio(toFloor)} | ` +
        `${p.share || p.kind === 'reference' ? ratio(toLimit) : '–'} | ${goal} | ${cell(worstShift(p))} |`,
    )
  }
  return lines
}

/** The largest layout shift of the runs, with what moved. */
function worstShift(p: PageResult): string {
  const worst = p.runs.flatMap((r) => r.shifts).sort((a, b) => b.value - a.value)[0]
  return worst ? `${worst.value.toFixed(3)} at ${Math.round(worst.t)} ms: ${worst.nodes.join(', ') || '?'}` : '–'
}

/** Issue 31's Lighthouse goals: performance ≥ 95, accessibility 100. */
export const LIGHTHOUSE_GOALS = { performance: 95, accessibility: 100 } as const

function lighthouseTable(results: readonly LighthouseResult[]): string[] {
  return [
    '| page | link | performance | accessibility | FCP | LCP | TBT | CLS | goal | failing accessibility audits |',
    '|---|---|--:|--:|--:|--:|--:|--:|:-:|---|',
    ...results.map((r) => {
      const ok = r.performance !== null && r.accessibility !== null
      const goal = ok ? mark(r.performance! >= LIGHTHOUSE_GOALS.performance && r.accessibility! >= LIGHTHOUSE_GOALS.accessibility) : '–'
      return (
        `| ${cell(r.name)} | \`${cell(r.url)}\` | ${r.performance ?? '–'} | ${r.accessibility ?? '–'} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ` +
        `${r.cls === null ? '–' : r.cls.toFixed(3)} | ${goal} | ${cell([...r.failing, ...r.errors].join('; ') || '–')} |`
      )
    }),
  ]
}

function otherFixtureTable(pages: readonly PageResult[]): string[] {
  const lines = ['| page | fixture | ready | FCP | CLS | largest shift: what moved | CLS goal |', '|---|---|--:|--:|--:|---|:-:|']
  for (const p of pages) {
    lines.push(
      `| ${cell(p.name)} | ${p.fixture} | ${ms(p.shown)} | ${ms(p.fcp)} | ${cls(p.cls)} | ${cell(worstShift(p))} | ${p.cls === null ? '–' : mark(p.cls <= READY_GOALS.cls)} |`,
    )
  }
  return lines
}

function limitTable(pages: readonly PageResult[]): string[] {
  const floor = pages.find((p) => p.name === 'floor')
  const limit = pages.find((p) => p.name === 'limit-html')
  const lines = [
    '| page | FCP | LCP | FCP ÷ floor FCP | LCP ÷ floor FCP | FCP ÷ limit FCP | LCP ÷ limit LCP | issue 18 goal (share: LCP ≤ 1.0× floor FCP and ≤ 1.6× limit LCP) |',
    '|---|--:|--:|--:|--:|--:|--:|:-:|',
  ]
  for (const p of pages) {
    const lf = pairedRatio(
      p,
      floor,
      (x) => x.lcp,
      (x) => x.fcp,
    )
    const ll = pairedRatio(
      p,
      limit,
      (x) => x.lcp,
      (x) => x.lcp,
    )
    const goal = p.share && lf !== null && ll !== null ? `${mark(lf <= 1)} ${mark(ll <= 1.6)}` : '–'
    lines.push(
      `| ${cell(p.name)} | ${ms(p.fcp)} | ${ms(p.lcp)} | ${ratio(
        pairedRatio(
          p,
          floor,
          (x) => x.fcp,
          (x) => x.fcp,
        ),
      )} | ${ratio(lf)} | ` +
        `${ratio(
          pairedRatio(
            p,
            limit,
            (x) => x.fcp,
            (x) => x.fcp,
          ),
        )} | ${ratio(ll)} | ${goal} |`,
    )
  }
  return lines
}

/**
 * Where the share cover's time goes, against the limit: medians over the runs of each step on the way to
 * the picture (Resource Timing). `API late` counts runs whose API answer took more than one RTT + 50 ms
 * from its send: the server, not the page (the bench's server shares the machine's CPUs with the phone).
 */
function criticalTable(pages: readonly PageResult[]): string[] {
  const limit = pages.find((p) => p.name === 'limit-html')
  const lines = [
    '| page | LCP | LCP − limit LCP | HTML end | first request | API: sent → last byte | API late | reply → picture asked | picture waits for a connection | picture: sent → last byte | picture → LCP |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ]
  for (const p of pages.filter((x) => x.name === 'limit-html' || x.share)) {
    const runs = p.runs.filter((x) => x.critical)
    const pick = (f: (x: Run) => number | null | undefined) => ms(median(runs.map((x) => f(x) ?? null)))
    const late = runs.filter((x) => x.critical!.api && x.critical!.api.time > PROFILE.rttMs + 50).length
    const gap = paired(p, limit, (run, limitRun) => (run.lcp !== null && limitRun.lcp ? run.lcp - limitRun.lcp : null))
    const hasApi = runs.some((x) => x.critical!.api)
    lines.push(
      `| ${cell(p.name)} | ${ms(p.lcp)} | ${p.name === 'limit-html' ? '–' : ms(gap)} | ${ms(p.ttfb)} | ` +
        `${pick((x) => Math.min(x.critical!.image.start, x.critical!.api?.start ?? Infinity))} | ` +
        `${hasApi ? pick((x) => x.critical!.api?.time) : '–'} | ${hasApi ? `${late} of ${runs.length}` : '–'} | ` +
        `${hasApi ? pick((x) => (x.critical!.api ? x.critical!.image.start - x.critical!.api.end : null)) : '–'} | ` +
        `${pick((x) => x.critical!.image.wait)} | ${pick((x) => x.critical!.image.time)} | ${pick((x) => (x.lcp === null ? null : x.lcp - x.critical!.image.end))} |`,
    )
  }
  return lines
}

function reopenTable(reopens: readonly SecondOpen[]): string[] {
  return [
    '| page | 1st FCP | 1st LCP | 2nd FCP | 2nd LCP | 2nd ÷ 1st LCP | HTML on the 2nd open | bytes on the 2nd open | goal ≤ 0.5 |',
    '|---|--:|--:|--:|--:|--:|---|--:|:-:|',
    ...reopens.map(
      (r) =>
        `| ${cell(r.name)} | ${ms(r.firstFcp)} | ${ms(r.firstLcp)} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ratio(r.lcpRatio)} | ` +
        `${r.documentBytes === null ? '–' : `${r.documentBytes} B${r.documentBytes < 1000 ? ' (304)' : ''}`} | ${kb(r.transferBytes)} KB | ` +
        `${SPOTLIGHT_ROUTES.has(r.name) ? mark(r.lcpRatio === null ? null : r.lcpRatio <= 0.5) : '–'} |`,
    ),
  ]
}

function audioLines(a: AudioFigures): string[] {
  return [
    '| figure | median ms | runs |',
    '|---|--:|---|',
    `| tap on 开始欣赏 → first \`playing\` | ${ms(a.tapToPlaying)} | ${a.runs.map((r) => ms(r.tapToPlaying)).join(', ')} |`,
    `| end of a sentence → next sentence of the page plays | ${ms(a.sentenceGap)} | ${a.runs.map((r) => r.sentenceGaps.map(ms).join('/') || '–').join(', ')} |`,
    `| end of a page → next page plays (500 ms rule + network) | ${ms(a.pageGap)} | ${a.runs.map((r) => r.pageGaps.map(ms).join('/') || '–').join(', ')} |`,
  ]
}

function loadLine(m: BenchResults['machine']): string {
  const xs = m.loadDuringRun ?? []
  if (!xs.length) return ''
  const sorted = [...xs].sort((a, b) => a - b)
  return ` · 1-min load during the run: min ${sorted[0]!.toFixed(1)}, median ${median(xs)!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)}`
}

/** The Markdown report. */
export function toMarkdown(r: BenchResults): string {
  const head = [
    `# Page bench: ${r.label}`,
    '',
    `${r.date} · commit ${r.commit} · ${r.machine.cpus} CPUs, load ${r.machine.loadAverage.map((x) => x.toFixed(1)).join(' ')} at start${loadLine(r.machine)} · ` +
      `${r.seconds} s · prerender ${r.prerender ? 'on' : 'off'}`,
    '',
    ...(r.server ? [`Pages: the production build. Server: the ${r.server}.`, ''] : []),
  ]
  // `--slow-only`: the slow network's table and nothing else (no empty tables).
  if (r.runs === 0 && r.pages.length === 0 && (r.slowTaps?.length || r.packageOpens?.length)) {
    return `${[...head, ...(r.slowTaps?.length ? slowTapsTable(r.slowTaps) : []), ...(r.packageOpens?.length ? packageOpensTable(r.packageOpens) : [])].join('\n')}\n`
  }
  const out = [
    ...head,
    `Profile: ${PROFILE.rttMs} ms RTT, ${PROFILE.downKbps} kbps down, ${PROFILE.upKbps} kbps up, ${PROFILE.cpuSlowdown}x CPU slowdown, ` +
      `cache disabled, 390×844 @2x, Debian Chromium; text gzipped by the bench's front (as a CDN would). ` +
      `Median of ${r.runs} runs; times in ms from navigation start. JS/CSS are bytes on the wire (gzip), lazy chunks included. ` +
      `TTFB is the document's responseEnd: Chromium's emulated latency delays the body, not responseStart, and the HTML is a few KB.`,
    '',
    '## Ready (issue 31), against the floor and the limits (same run)',
    '',
    "- **ready**: the first frame in which the proof of the page (its page.ts bench demo link's `proof`: a text, or a " +
      "form field's value) is on screen and the element at its centre is itself, so no loading overlay covers it: the later " +
      "of the proof's first paint (Element Timing, on FCP's clock) and the first animation frame in which nothing covers " +
      "it. The floor's proof is its one word; the limits' is the cover's start button.",
    '- **floor**: an empty React page (createRoot + StrictMode + one word): its FCP is what any React page pays before it can draw.',
    '- **limit-html**: the share cover (header, picture, title, tags, intro, sentences with stars, start button) written ' +
      'into the HTML, no JavaScript: what no share page can beat. **limit-fetch**: the same cover written by an inline ' +
      'script from the same API reply with DOM calls: what any static page with client-side data can reach.',
    '- **kind**: `data` pages start their first API requests from their HTML; `static` pages do not need the API for their first screen.',
    '- **CLS**: the largest session window of layout shifts (as Chrome defines it), the worst of the runs.',
    '- **ratios**: medians of per-run ratios (run i of a page ÷ run i of the reference; runs are interleaved, so each ' +
      "pair shared the machine's load).",
    `- **goal**: a data page ready ≤ ${READY_GOALS.data}× the floor's FCP (the share pages also ≤ ${READY_GOALS.shareToLimitFetch}× ` +
      `limit-fetch's ready), a static page ≤ ${READY_GOALS.static}×, CLS ≤ ${READY_GOALS.cls}.`,
    '',
    ...readyTable(r.pages),
    '',
    ...(r.otherFixture?.length
      ? [
          '### The other fixture (CLS in both)',
          '',
          'Each page again in its other fixture (an app page in a phone browser shows the open-in-app screen, its proof ' +
            '`请在App内打开`); fewer runs.',
          '',
          ...otherFixtureTable(r.otherFixture),
          '',
        ]
      : []),
    ...(r.lighthouse?.length
      ? [
          '### Lighthouse 13 (mobile defaults)',
          '',
          'Every page as `npm start` serves it (the reference server, gzip on), by the link it prints (an app page with ' +
            "`fakeHost=app`: the fake host is a render-blocking script a real WebView does not have), in Lighthouse's own " +
            `simulated slow 4G and 4x CPU, median of the runs. Goal: performance ≥ ${LIGHTHOUSE_GOALS.performance}, ` +
            `accessibility ${LIGHTHOUSE_GOALS.accessibility}. Times in ms.`,
          '',
          ...lighthouseTable(r.lighthouse),
          '',
        ]
      : []),
    ...(r.films?.length
      ? [
          '### Film strips (the bench phone, every 300 ms from navigation start)',
          '',
          "From the browser's screencast: the frame on screen at each mark.",
          '',
          ...r.films.map((file) => `![${file}](${file})`),
          '',
        ]
      : []),
    '## Loads',
    '',
    ...pagesTable(r.pages),
    '',
    '## Against the floor and the limit (same run)',
    '',
    "The floor's one paint is its FCP and LCP; the limit here is limit-html, the picture requested by the parser. " +
      'Ratios are medians of per-run ratios.',
    '',
    ...limitTable(r.pages),
    '',
    ...(r.pages.some((p) => p.runs.some((x) => x.critical))
      ? [
          "### Where the share cover's time goes",
          '',
          'Medians over the runs, ms, from Resource Timing. The limit asks for its picture as the parser meets it; a ' +
            'share page asks the API first (its head script, as the document starts), then for the picture the reply ' +
            "names: one round trip no static page pays. The emulated latency runs from a request's send, so a server " +
            `quicker than one RTT is hidden; \`API late\` counts the runs whose answer took over ${PROFILE.rttMs + 50} ms ` +
            "(the bench's server shares this machine's CPUs with the phone's browser).",
          '',
          ...criticalTable(r.pages),
          '',
        ]
      : []),
    '## Build weight (gzipped KB, as scripts/build/budgets.ts counts it) and prerendered frame',
    '',
    '| page | JS | CSS | HTML | lazy | files up front | frame in the HTML |',
    '|---|--:|--:|--:|--:|--:|---|',
    ...r.weights.map(
      (w) => `| ${w.path} | ${kb(w.js)} | ${kb(w.css)} | ${kb(w.html)} | ${kb(w.lazy)} | ${w.files} | ${r.frames[w.path] ?? '–'} |`,
    ),
    '',
    ...(r.reopens?.length
      ? [
          '## Second open (warm cache)',
          '',
          'The same phone opens the page twice with its HTTP cache on (the app re-opening a page): hashed assets are ' +
            '`immutable`, the HTML `no-cache` with an ETag, so the second open revalidates it (304, headers only) and asks ' +
            'the API again; the share pages draw meanwhile from the reply their head script kept at the first open ' +
            '(localStorage, same phone). Median of the runs; the goal applies to the share page and the folder list.',
          '',
          ...reopenTable(r.reopens),
          '',
        ]
      : []),
    ...(r.audio
      ? [
          '## Audio start (picture book, phone browser, HTTP cache on)',
          '',
          "Once the viewer is up: the tap on the start button, then the book plays by itself. From the media element's " +
            'events in the page. Within a page the next sentence follows at once; between pages the player waits 500 ms ' +
            "(docs/spec/product-spec.md §4) and the next page's first clip was fetched ahead while the previous one played.",
          '',
          ...audioLines(r.audio),
          '',
        ]
      : []),
    '## Scaling: share pages',
    '',
    '| slides | cover interactive ms | JS heap after 50 swipes MB | slide reached | errors |',
    '|--:|--:|--:|---|--:|',
    ...r.share.map(
      (s) => `| ${s.slides} | ${ms(s.coverInteractive)} | ${s.heapAfterSwipesMb ?? '–'} | ${cell(s.reached)} | ${s.errors.length} |`,
    ),
    '',
    '## Scaling: folder lists',
    '',
    '| items | first screen of rows ms | longest frame during a drag ms | frames | errors |',
    '|--:|--:|--:|--:|--:|',
    ...r.folders.map((f) => `| ${f.items} | ${ms(f.render)} | ${ms(f.longestDragFrame)} | ${f.frames} | ${f.errors.length} |`),
  ]
  const errors = [
    ...r.pages.flatMap((p) => p.errors.map((e) => `- ${p.name}: ${e}`)),
    ...r.share.flatMap((s) => s.errors.map((e) => `- share ${s.slides}: ${e}`)),
    ...r.folders.flatMap((f) => f.errors.map((e) => `- folder ${f.items}: ${e}`)),
    ...(r.audio?.errors ?? []).map((e) => `- audio: ${e}`),
  ]
  if (r.slowTaps?.length) out.push('', ...slowTapsTable(r.slowTaps))
  if (r.packageOpens?.length) out.push('', ...packageOpensTable(r.packageOpens))
  if (errors.length) out.push('', '## Errors seen', '', ...errors.map(cell))
  return `${out.join('\n')}\n`
}

/** Writes `<name>.md` and `<name>.json` into `dir`; returns the Markdown. */
export function writeResults(dir: string, name: string, results: BenchResults): string {
  const markdown = toMarkdown(results)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${name}.md`), markdown)
  writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(results, null, 1)}\n`)
  return markdown
}
