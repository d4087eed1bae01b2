/**
 * `npm run budgets`: fails (exit 1) when a page of dist/ downloads more gzipped JS, CSS or HTML than its
 * budget allows (and, of the HTML, its inline early-request script in <head> and its first-screen script
 * at the end of <body>, each gzipped alone: `head`, `screen`; the field reports' capture script and
 * reporter: `telemetry`, the reporter at most REPORTER_MAX_BYTES), or loads a module its `forbid` list names. Prints one row per page. A page's budget is
 * in its own page.ts (`budget`, read from dist/pages-manifest.json); a page without one is held to the
 * largest of the others'. `npm run budgets -- --update` re-baselines: every budget becomes today's figure
 * + headroom (5%), written back into each page.ts, `forbid` lists kept. Run it after a change that makes
 * pages lighter, or, with a reason in the commit, heavier. Needs a build (`npm run build`): it reads
 * dist/pages-manifest.json and the chunk-module map the build writes. `--dist DIR` reads a build elsewhere.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { PageBudget as DeclaredBudget } from '../../shared/app/define-page.ts'
import { readChunkModules } from './prerender/chunk-modules.ts'
import { findForbidden, measureBuild, type PageWeight } from './page-weight.ts'
import { routeFolder } from './routes.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const METRICS = ['js', 'css', 'html', 'head', 'screen', 'telemetry', 'lazy'] as const
type Metric = (typeof METRICS)[number]

/** One page's limits in gzipped bytes, and the module paths it must never load (page.ts `budget`). */
export type PageBudget = Partial<Record<Metric, number>> & { forbid?: string[] }

/**
 * The field reporter's file, gzipped, whatever a page's budget says: every page loads the same one, so it
 * is held to one limit rather than to eleven budgets that could each creep. 3 KB, as issue 38 asks; the
 * reporter is 2.95 KB (docs/telemetry.md "Building and cost" says what it is made of): a change that adds
 * more than 48 bytes to it must take as much out.
 */
export const REPORTER_MAX_BYTES = 3 * 1024

/** Added to today's figures by `--update` (0.05 = 5%). */
export const HEADROOM = 0.05

export interface BudgetsFile {
  /** Added to today's figures by `--update`. */
  headroom: number
  /** Limits for a page that has no budget yet (a new route): the largest of the pages' budgets. */
  default: PageBudget
  /** Keyed by route path (`/`, `/generate_book/list`). */
  pages: Record<string, PageBudget>
}

/** The budgets the pages declare (the manifest's descriptors), with the largest of each as the default. */
export function budgetsOf(declared: Record<string, { budget?: DeclaredBudget }>): BudgetsFile {
  const pages: Record<string, PageBudget> = {}
  const fallback: PageBudget = {}
  for (const [path, page] of Object.entries(declared)) {
    if (!page.budget) continue
    const { forbid, ...limits } = page.budget
    pages[path] = { ...limits, ...(forbid?.length ? { forbid: [...forbid] } : {}) }
    for (const metric of METRICS) {
      const limit = limits[metric]
      if (limit !== undefined) fallback[metric] = Math.max(fallback[metric] ?? 0, limit)
    }
  }
  return { headroom: HEADROOM, default: fallback, pages }
}

/** One failed check. */
export interface Breach {
  path: string
  message: string
}

/** Checks every page against its budget (or the default); returns the breaches, empty when all pass. */
export function checkBudgets(
  pages: readonly PageWeight[],
  budgets: BudgetsFile,
  forbidden: (page: PageWeight, patterns: string[]) => string[],
): Breach[] {
  const breaches: Breach[] = []
  for (const page of pages) {
    const budget = budgets.pages[page.path] ?? budgets.default
    for (const metric of METRICS) {
      const limit = budget[metric]
      if (limit !== undefined && page[metric] > limit) {
        breaches.push({ path: page.path, message: `${metric} ${kb(page[metric])} is over its budget of ${kb(limit)}` })
      }
    }
    for (const hit of forbidden(page, budget.forbid ?? [])) breaches.push({ path: page.path, message: `loads ${hit}` })
    if (page.reporter > REPORTER_MAX_BYTES)
      breaches.push({
        path: page.path,
        message: `its field reporter is ${kb(page.reporter)}, over the reporters' cap of ${kb(REPORTER_MAX_BYTES)}`,
      })
  }
  return breaches
}

/** New budgets from today's figures: each metric rounded up to figure × (1 + headroom); `forbid` kept. */
export function rebaseline(pages: readonly PageWeight[], old: BudgetsFile): BudgetsFile {
  const grow = (bytes: number) => Math.ceil((bytes * (1 + old.headroom)) / 10) * 10
  const next: Record<string, PageBudget> = {}
  const fallback: PageBudget = {}
  for (const page of pages) {
    const entry: PageBudget = {}
    for (const metric of METRICS) {
      entry[metric] = grow(page[metric])
      fallback[metric] = Math.max(fallback[metric] ?? 0, entry[metric])
    }
    const forbid = old.pages[page.path]?.forbid
    if (forbid?.length) entry.forbid = forbid
    next[page.path] = entry
  }
  return { ...old, default: fallback, pages: next }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

function table(pages: readonly PageWeight[], budgets: BudgetsFile, breaches: readonly Breach[]): string {
  const head = [
    'page',
    'JS',
    'budget',
    'CSS',
    'budget',
    'HTML',
    'budget',
    'head script',
    'budget',
    'first screen',
    'budget',
    'telemetry',
    'budget',
    'lazy',
    'budget',
    'files',
    '',
  ]
  const rows = pages.map((page) => {
    const own = budgets.pages[page.path]
    const budget = own ?? budgets.default
    const cells = METRICS.flatMap((m) => [kb(page[m]), budget[m] === undefined ? '-' : kb(budget[m])])
    const status = breaches.some((b) => b.path === page.path) ? 'OVER' : own ? 'ok' : 'ok (default budget)'
    return [page.path, ...cells, String(page.files), status]
  })
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(head), ...rows.map(line)].join('\n')
}

async function main(): Promise<void> {
  // `--dist DIR`: a build elsewhere (the delivery tests' builds); dist/ by default.
  const at = process.argv.indexOf('--dist')
  const distDir = at > 0 && process.argv[at + 1] ? resolve(process.argv[at + 1]!) : join(ROOT, 'dist')
  if (!existsSync(join(distDir, 'pages-manifest.json'))) {
    console.error(`budgets: no ${relative(ROOT, distDir) || '.'}/pages-manifest.json; run \`npm run build\` first`)
    process.exit(1)
  }
  const pages = measureBuild(distDir)
  const manifest = JSON.parse(readFileSync(join(distDir, 'pages-manifest.json'), 'utf8')) as {
    pages?: Record<string, { budget?: DeclaredBudget }>
  }
  const budgets = budgetsOf(manifest.pages ?? {})
  if (process.argv.includes('--update')) {
    const next = rebaseline(pages, budgets)
    for (const [path, budget] of Object.entries(next.pages)) await writeBudget(path, budget)
    console.log(table(pages, next, []))
    console.log(`\nEach page.ts's budget re-baselined at today's figures + ${Math.round(budgets.headroom * 100)}%.`)
    return
  }
  const modules = readChunkModules(ROOT, distDir)
  if (!modules) {
    console.error('budgets: no chunk-module map (node_modules/.cache/kids-english/); run `npm run build` first')
    process.exit(1)
  }
  const forbidden = (page: PageWeight, patterns: string[]) =>
    findForbidden(page, patterns, modules).map((h) => `${h.module} (in ${h.file}), which "${h.pattern}" forbids`)
  const breaches = checkBudgets(pages, budgets, forbidden)
  console.log(table(pages, budgets, breaches))
  const slack = pages.filter(
    (p) => budgets.pages[p.path] && METRICS.some((m) => (budgets.pages[p.path]![m] ?? 0) > p[m] * (1 + budgets.headroom) * 1.1 + 1024),
  )
  if (slack.length && !breaches.length)
    console.log(
      `\nLighter than budgeted by >10%: ${slack.map((p) => p.path).join(', ')}: lower the budgets with npm run budgets -- --update.`,
    )
  if (breaches.length) {
    console.error(`\n${breaches.length} budget breach(es):`)
    for (const b of breaches) console.error(`  ${b.path}: ${b.message}`)
    console.error(
      "Make the page lighter, or raise its budget (its page.ts's `budget`, or `npm run budgets -- --update`) and say why in the commit.",
    )
    process.exit(1)
  }
  console.log('\nAll pages within budget.')
}

/**
 * Writes `budget` as the `budget: { … }` line of the page.ts of route `path` (replacing the line or the
 * wrapped block there, or adding it before the descriptor's end), in the repo's formatting.
 */
async function writeBudget(path: string, budget: PageBudget): Promise<void> {
  const file = join(ROOT, 'pages', routeFolder(path.replace(/^\//, '')), 'page.ts')
  const source = readFileSync(file, 'utf8')
  const line = `  budget: ${JSON.stringify(budget)
    .replace(/"(\w+)":/g, '$1: ')
    .replace(/"/g, "'")},`
  // The line as written, or the block prettier wraps a long one into (its `forbid` list has no braces).
  const written = /^ {2}budget: \{[^}]*\},?$/m
  const next = written.test(source) ? source.replace(written, line) : source.replace(/\n\}\)\s*$/, `\n${line}\n})\n`)
  const prettier = await import('prettier')
  const options = await prettier.resolveConfig(file)
  writeFileSync(file, await prettier.format(next, { ...options, filepath: file }))
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main()
