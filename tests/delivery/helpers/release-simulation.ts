/**
 * Simulated field reports for the release-health rule (scripts/delivery/health/rule.ts) and the trimming
 * before it (common/telemetry/robust.ts): releases whose views come from keyed address buckets as the
 * server keeps them, watched look by look as `npm run deploy -- --watch` does, with forged reports added
 * where a scenario says. tests/delivery/health-rule.test.ts holds the rule to a seeded subset; the tables
 * of docs/deploying.md ("What that gives") come from running this file:
 *
 *   npx tsx tests/delivery/helpers/release-simulation.ts [deploys|power|attacks] [--looks 10] [--runs 2000]
 */
import { pathToFileURL } from 'node:url'
import type { JudgedFigures } from '../../../common/telemetry/health'
import { bucketOf, emptyHistogram, MS_BUCKETS } from '../../../common/telemetry/histogram'
import { judgeFigures, type SourceFigures } from '../../../common/telemetry/robust'
import { deployLevels, judge, RULE, type Verdict } from '../../../scripts/delivery/health/rule'
import { seededRandom } from './seeded-random'

/** The server's keyed address buckets. */
export const BUCKETS = 256

export type Random = () => number

/** What a release does to its views. */
export interface PageModel {
  error: number
  neverReady: number
  /** Median ready and LCP times (ms) of a log-normal with `sigma` (of ln ms). */
  ready: number
  lcp: number
  sigma: number
  /** The share of views that report LCP (Chromium; WebKit reports none). */
  lcpShare: number
  /** A slower release: every time × ratio + ms. */
  slower?: { ratio: number; ms: number }
}

export const USUAL: PageModel = { error: 0.02, neverReady: 0.05, ready: 1200, lcp: 1600, sigma: 0.6, lcpShare: 0.6 }

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random())
}

/** A release with no views yet, by source. */
export function emptySources(): SourceFigures[] {
  return Array.from({ length: BUCKETS }, () => ({
    views: 0,
    errorViews: 0,
    neverReadyViews: 0,
    ready: emptyHistogram(MS_BUCKETS),
    lcp: emptyHistogram(MS_BUCKETS),
  }))
}

/** One view of `model` into `source`. */
function addView(source: SourceFigures, random: Random, model: PageModel): void {
  const time = (median: number) => {
    const t = median * Math.exp(model.sigma * normal(random))
    return model.slower ? t * model.slower.ratio + model.slower.ms : t
  }
  source.views++
  if (random() < model.error) source.errorViews++
  if (random() < model.neverReady) source.neverReadyViews++
  else source.ready[bucketOf(time(model.ready), MS_BUCKETS)]!++
  if (random() < model.lcpShare) source.lcp[bucketOf(time(model.lcp), MS_BUCKETS)]!++
}

/**
 * `views` honest views of `model`, each from an address of its own (a random bucket), or, with chance
 * `nat.share`, from behind one carrier NAT address (bucket `nat.bucket`).
 */
export function addViews(
  sources: SourceFigures[],
  random: Random,
  views: number,
  model: PageModel,
  nat?: { share: number; bucket: number },
): void {
  for (let i = 0; i < views; i++) {
    const bucket = nat && random() < nat.share ? nat.bucket : Math.floor(random() * BUCKETS)
    addView(sources[bucket]!, random, model)
  }
}

/** Forged views from one address (its bucket): each with an error or not, ready or not, at a fixed time. */
export function addForged(
  sources: SourceFigures[],
  bucket: number,
  { views, errors = 0, neverReady = 0, readyMs = null }: { views: number; errors?: number; neverReady?: number; readyMs?: number | null },
): void {
  const source = sources[bucket]!
  source.views += views
  source.errorViews += errors
  source.neverReadyViews += neverReady
  if (readyMs !== null) source.ready[bucketOf(readyMs, MS_BUCKETS)]! += views - neverReady
}

/** A page of a simulated deploy: its release before (views over 7 days) and the new one (views by the end of the watch). */
export interface PageSpec {
  model: PageModel
  /** The new release's model: `model` unless it differs. */
  next?: PageModel
  views: number
  before: number
  nat?: number
}

export interface WatchOptions {
  looks: number
  /** The pages of the deploy (for its levels). */
  pages: number
  /** deployLevels({ pages, looks }) unless given. */
  levels?: { interim: number; final: number }
  minViews?: number
  /** Adds forged views to the new release before each look. */
  forge?: (look: number, next: SourceFigures[]) => void
  /** Adds forged views to the release before, once. */
  forgeBefore?: (before: SourceFigures[]) => void
}

export interface WatchResult {
  takenBack: boolean
  /** The look (1-based) of the verdict, or null when kept. */
  look: number | null
  verdict: Verdict
  /** The figures that were worse or slower. */
  figures: string[]
  /** Whether a set aside touched a figure, of either release. */
  setAside: boolean
}

/** Watches one page over `looks` looks at the levels of a deploy of `pages` pages: the new release's views grow evenly to `spec.views`. */
export function watchPage(
  random: Random,
  spec: PageSpec,
  { looks, pages, levels = deployLevels({ pages, looks }), minViews = RULE.minViews, forge, forgeBefore }: WatchOptions,
): WatchResult {
  const nat = spec.nat ? { share: spec.nat, bucket: Math.floor(random() * BUCKETS) } : undefined
  const beforeSources = emptySources()
  addViews(beforeSources, random, spec.before, spec.model, nat)
  forgeBefore?.(beforeSources)
  const before = judgeFigures(beforeSources)
  const next = emptySources()
  let seen = 0
  let verdict: Verdict = { kind: 'too-few', why: 'no look' }
  let judged: JudgedFigures | null = null
  for (let look = 1; look <= looks; look++) {
    const now = Math.round((spec.views * look) / looks)
    addViews(next, random, now - seen, spec.next ?? spec.model, nat)
    seen = now
    forge?.(look, next)
    judged = judgeFigures(next)
    verdict = judge(judged, before, { minViews, alpha: look < looks ? levels.interim : levels.final })
    if (verdict.kind === 'worse' || verdict.kind === 'slower') {
      const figures = verdict.comparisons.filter((c) => (c.kind === 'rate' ? c.worse : c.slower)).map((c) => c.figure)
      return { takenBack: true, look, verdict, figures, setAside: anySetAside(judged, before) }
    }
  }
  return { takenBack: false, look: null, verdict, figures: [], setAside: judged ? anySetAside(judged, before) : false }
}

function anySetAside(...figures: JudgedFigures[]): boolean {
  return figures.some((f) => [f.error, f.neverReady, f.ready, f.lcp].some((x) => x.setAside.length > 0))
}

/** The 11 pages of a simulated deploy: their sizes, rates and times vary as real pages' do. */
export const DEPLOY_PAGES: PageSpec[] = [
  [60, 0.02, 0.05, 900],
  [80, 0.01, 0.03, 1500],
  [100, 0.03, 0.08, 1200],
  [150, 0.05, 0.1, 2500],
  [200, 0.02, 0.05, 800],
  [300, 0.01, 0.04, 1800],
  [400, 0.04, 0.06, 1100],
  [600, 0.02, 0.05, 1400],
  [800, 0.03, 0.07, 2000],
  [1200, 0.02, 0.05, 1000],
  [2000, 0.015, 0.04, 1300],
].map(([views, error, neverReady, ready], i) => ({
  views: views!,
  before: Math.max(300, views! * 10),
  // One page opened only in the app's WebKit view: no LCP.
  model: { ...USUAL, error: error!, neverReady: neverReady!, ready: ready!, lcp: ready! * 1.3, lcpShare: i === 4 ? 0 : 0.6 },
}))

/** Healthy deploys (every new release as good as the one before): the share that took back some page, and by figure. */
export function deployFalseAlarms(seed: number, { deploys, looks }: { deploys: number; looks: number }) {
  const random = seededRandom(seed)
  let any = 0
  let pagesTakenBack = 0
  const byFigure: Record<string, number> = {}
  for (let d = 0; d < deploys; d++) {
    let hit = false
    for (const page of DEPLOY_PAGES) {
      const result = watchPage(random, page, { looks, pages: DEPLOY_PAGES.length })
      if (!result.takenBack) continue
      hit = true
      pagesTakenBack++
      for (const f of result.figures) byFigure[f] = (byFigure[f] ?? 0) + 1
    }
    if (hit) any++
  }
  return { deploys, looks, share: any / deploys, pagesTakenBack, byFigure }
}

/** Of `runs` watches of one page (of a deploy of `pages`): the share that took it back, and the share in which something was set aside. */
export function watchShares(
  seed: number,
  spec: PageSpec,
  { runs, pages = DEPLOY_PAGES.length, ...rest }: Omit<WatchOptions, 'pages'> & { pages?: number; runs: number },
): { takenBack: number; setAside: number } {
  const random = seededRandom(seed)
  let takenBack = 0
  let setAside = 0
  for (let i = 0; i < runs; i++) {
    const result = watchPage(random, spec, { pages, ...rest })
    if (result.takenBack) takenBack++
    if (result.setAside) setAside++
  }
  return { takenBack: takenBack / runs, setAside: setAside / runs }
}

/** `npx tsx tests/delivery/helpers/release-simulation.ts …`: prints the tables of docs/deploying.md. */
function main(args: string[]): void {
  const option = (name: string, fallback: number) => {
    const i = args.indexOf(`--${name}`)
    return i >= 0 ? Number(args[i + 1]) : fallback
  }
  const what = args[0] ?? 'deploys'
  const runs = option('runs', 2000)
  const percent = (x: number) => `${(x * 100).toFixed(1)} %`
  const started = Date.now()
  if (what === 'deploys') {
    const looks = option('looks', 10)
    const result = deployFalseAlarms(SEED + looks, { deploys: runs, looks })
    console.log(`| ${looks} | ${percent(result.share)} | ${JSON.stringify(result.byFigure)} (${result.pagesTakenBack} pages) |`)
  }
  if (what === 'power') {
    const last = deployLevels({ pages: DEPLOY_PAGES.length, looks: 10 })
    for (const [name, spec, setup] of POWER) {
      const alone = watchShares(SEED, spec, { runs, looks: 1, levels: { interim: 0, final: last.final }, ...setup }).takenBack
      const ten = watchShares(SEED + 1, spec, { runs, looks: 10, ...setup }).takenBack
      const thirty = watchShares(SEED + 2, spec, { runs, looks: 30, ...setup }).takenBack
      console.log(`| ${name} | ${percent(alone)} | ${percent(ten)} | ${percent(thirty)} |`)
    }
  }
  if (what === 'attacks')
    for (const [name, spec, setup] of ATTACKS) {
      const shares = watchShares(SEED, spec, { runs, looks: 10, ...setup })
      console.log(`| ${name} | ${percent(shares.takenBack)} | ${percent(shares.setAside)} |`)
    }
  console.error(`(${((Date.now() - started) / 1000).toFixed(0)} s)`)
}

/** The seed of every table (each row and column adds to it as main() says). */
export const SEED = 20261127

type Row = [string, PageSpec, Omit<WatchOptions, 'looks' | 'pages'>]

const broken = (model: Partial<PageModel>): PageModel => ({ ...USUAL, ...model })

/** The power table: one page of a 10-look, 11-page deploy, 1,000 views before. */
export const POWER: Row[] = [
  ['as good, 200 views', { model: USUAL, views: 200, before: 1000 }, {}],
  ['errors 2 % → 10 %, 60 views', { model: USUAL, next: broken({ error: 0.1 }), views: 60, before: 1000 }, {}],
  ['errors 2 % → 10 %, 100 views', { model: USUAL, next: broken({ error: 0.1 }), views: 100, before: 1000 }, {}],
  ['errors 2 % → 10 %, 200 views', { model: USUAL, next: broken({ error: 0.1 }), views: 200, before: 1000 }, {}],
  ['errors 2 % → 15 %, 60 views', { model: USUAL, next: broken({ error: 0.15 }), views: 60, before: 1000 }, {}],
  ['errors 2 % → 6 %, 200 views', { model: USUAL, next: broken({ error: 0.06 }), views: 200, before: 1000 }, {}],
  ['errors 2 % → 8 %, 200 views', { model: USUAL, next: broken({ error: 0.08 }), views: 200, before: 1000 }, {}],
  ['errors 2 % → 25 %, 60 views', { model: USUAL, next: broken({ error: 0.25 }), views: 60, before: 1000 }, {}],
  ['errors 25 %, 60 views, no usable release before', { model: USUAL, next: broken({ error: 0.25 }), views: 60, before: 20 }, {}],
  ['never ready 5 % → 20 %, 60 views', { model: USUAL, next: broken({ neverReady: 0.2 }), views: 60, before: 1000 }, {}],
  ['never ready 5 % → 15 %, 100 views', { model: USUAL, next: broken({ neverReady: 0.15 }), views: 100, before: 1000 }, {}],
  ['never ready 5 % → 10 %, 200 views', { model: USUAL, next: broken({ neverReady: 0.1 }), views: 200, before: 1000 }, {}],
  ['ready 2 s later, 60 views', { model: USUAL, next: broken({ slower: { ratio: 1, ms: 2000 } }), views: 60, before: 1000 }, {}],
  ['ready 2 s later, 100 views', { model: USUAL, next: broken({ slower: { ratio: 1, ms: 2000 } }), views: 100, before: 1000 }, {}],
  ['ready × 1.2 + 250 ms, 200 views', { model: USUAL, next: broken({ slower: { ratio: 1.2, ms: 250 } }), views: 200, before: 1000 }, {}],
  ['ready × 1.2 + 250 ms, 1,000 views', { model: USUAL, next: broken({ slower: { ratio: 1.2, ms: 250 } }), views: 1000, before: 1000 }, {}],
]

/**
 * The attack table (issue 46): one page of an 11-page deploy watched for 10 minutes, a look a minute. An
 * address may send 240 reports a minute; the honest views come from many addresses.
 */
export const ATTACKS: Row[] = [
  [
    'healthy, 40 honest views; one address sends a forged error report a second',
    { model: USUAL, views: 40, before: 1000 },
    { forge: (_look, next) => addForged(next, 7, { views: 60, errors: 60, readyMs: 1200 }) },
  ],
  [
    'healthy, 200 honest views; the same',
    { model: USUAL, views: 200, before: 1000 },
    { forge: (_look, next) => addForged(next, 7, { views: 60, errors: 60, readyMs: 1200 }) },
  ],
  [
    'healthy, 200 honest views; three addresses send slow ready times (8 s) as fast as allowed',
    { model: USUAL, views: 200, before: 1000 },
    { forge: (_look, next) => FORGERS.forEach((b) => addForged(next, b, { views: 240, readyMs: 8000 })) },
  ],
  [
    'healthy, 200 honest views; three addresses stay just under the threshold (40 views, 8 errors each, at the end)',
    { model: USUAL, views: 200, before: 1000 },
    {
      forge: (look, next) =>
        look === 10 ? FORGERS.forEach((b) => addForged(next, b, { views: 40, errors: 8, readyMs: 1200 })) : undefined,
    },
  ],
  [
    '33 % errors, 100 views; 200 forged error reports for the release before',
    { model: USUAL, next: broken({ error: 0.33 }), views: 100, before: 1000 },
    { forgeBefore: (before) => addForged(before, 9, { views: 200, errors: 200, readyMs: 1200 }) },
  ],
  [
    '33 % errors, 100 views; one address sends clean views as fast as allowed',
    { model: USUAL, next: broken({ error: 0.33 }), views: 100, before: 1000 },
    { forge: (_look, next) => addForged(next, 11, { views: 240, readyMs: 1200 }) },
  ],
  [
    'ready 2 s later, 100 views; three addresses send fast ready times (300 ms) as fast as allowed',
    { model: USUAL, next: broken({ slower: { ratio: 1, ms: 2000 } }), views: 100, before: 1000 },
    { forge: (_look, next) => FORGERS.forEach((b) => addForged(next, b, { views: 240, readyMs: 300 })) },
  ],
  ['healthy, 200 views, 40 % of them behind one carrier NAT', { model: USUAL, views: 200, before: 1000, nat: 0.4 }, {}],
  [
    'errors 2 % → 10 %, 200 views, 40 % of them behind one NAT',
    { model: USUAL, next: broken({ error: 0.1 }), views: 200, before: 1000, nat: 0.4 },
    {},
  ],
  ['errors 2 % → 10 %, 200 views, no NAT (for comparison)', { model: USUAL, next: broken({ error: 0.1 }), views: 200, before: 1000 }, {}],
]

/** The buckets of the three addresses of an attack (any three: the key hides which). */
const FORGERS = [3, 77, 200]

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2))
