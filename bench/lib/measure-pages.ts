/**
 * Loads every target `runs` times on a fresh throttled phone and keeps the median of each figure.
 * Runs are interleaved (A B C, A B C, ...) so a burst of load from elsewhere on the machine spreads
 * over all pages instead of spoiling one.
 */
import type { Browser } from 'playwright-core'
import { readLoad, type LoadFigures, type ProofProbe, type ReadyProbe } from './page-probe.ts'
import { openPhone, type Fixture, type Phone } from './phone.ts'
import { median, mode } from './stats.ts'
import type { Target } from './targets.ts'

export interface PageResult {
  name: string
  url: string
  fixture: Fixture
  kind: Target['kind']
  share: boolean
  ttfb: number | null
  fcp: number | null
  lcp: number | null
  /** Ready: the proof visible with nothing over it (median). */
  shown: number | null
  /** The largest CLS of the runs (a goal is met only if every run meets it). */
  cls: number | null
  lcpElement: string
  jsBytes: number | null
  cssBytes: number | null
  requests: number | null
  apiRequests: number | null
  /** Console errors and uncaught errors seen in any run (hydration mismatches show up here). */
  errors: string[]
  goals: Target['goals']
  runs: LoadFigures[]
}

/** The figures of a run whose load failed: left out of the medians and ratios. */
const EMPTY_RUN: LoadFigures = {
  ttfb: 0,
  fcp: null,
  lcp: null,
  lcpElement: '',
  jsBytes: 0,
  cssBytes: 0,
  requests: 0,
  apiRequests: 0,
  longTasksMs: 0,
  ready: null,
  shown: null,
  cls: 0,
  shifts: [],
}

/** A page load on a fresh phone, until the network has been quiet for 500 ms. */
export async function loadOnce(
  browser: Browser,
  url: string,
  fixture: Fixture,
  ready?: ReadyProbe,
  proof: ProofProbe | null = null,
): Promise<{ phone: Phone; figures: LoadFigures; errors: string[] }> {
  const phone = await openPhone(browser, fixture, ready, { proof })
  const errors: string[] = []
  phone.page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  phone.page.on('pageerror', (e) => errors.push(String(e)))
  phone.page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()} ${new URL(r.url()).pathname}`)
  })
  await phone.page.goto(url, { waitUntil: 'load', timeout: 60_000 })
  await phone.page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {})
  await phone.page.waitForTimeout(300)
  return { phone, figures: await readLoad(phone.page), errors }
}

/** Median figures of each target over `runs` loads. */
export async function measurePages(
  browser: Browser,
  baseUrl: string,
  targets: readonly Target[],
  runs: number,
  log: (line: string) => void,
): Promise<PageResult[]> {
  const byName = new Map<string, { runs: LoadFigures[]; errors: Set<string> }>(
    targets.map((t) => [t.name, { runs: [], errors: new Set() }]),
  )
  // One load that is not counted: the browser's first page pays for starting its renderer and network
  // stack, and the first target would carry that cost in its first run.
  if (targets[0]) await (await loadOnce(browser, baseUrl + targets[0].url, targets[0].fixture)).phone.close()
  for (let r = 0; r < runs; r++) {
    for (const target of targets) {
      const entry = byName.get(target.name)!
      let loaded: Awaited<ReturnType<typeof loadOnce>>
      try {
        loaded = await loadOnce(browser, baseUrl + target.url, target.fixture, undefined, target.proof)
      } catch (error) {
        // A load that never finished (a busy machine) is reported, not the end of the whole bench.
        entry.errors.add(`run ${r + 1}: ${String(error).split('\n')[0]!.slice(0, 200)}`)
        entry.runs.push(EMPTY_RUN)
        log(`  run ${r + 1}/${runs} ${target.name.padEnd(22)} failed: ${String(error).split('\n')[0]}`)
        continue
      }
      const { phone, figures, errors } = loaded
      await phone.close()
      entry.runs.push(figures)
      for (const e of errors) entry.errors.add(e.slice(0, 300))
      log(
        `  run ${r + 1}/${runs} ${target.name.padEnd(22)} FCP ${Math.round(figures.fcp ?? -1)} ms, LCP ${Math.round(figures.lcp ?? -1)} ms, ` +
          `ready ${Math.round(figures.shown ?? -1)} ms, CLS ${figures.cls.toFixed(3)}`,
      )
    }
  }
  return targets.map((target) => {
    const { runs: all, errors } = byName.get(target.name)!
    const pick = (f: (x: LoadFigures) => number | null) => median(all.map(f))
    return {
      name: target.name,
      url: target.url,
      fixture: target.fixture,
      kind: target.kind,
      share: target.share,
      ttfb: pick((x) => x.ttfb),
      fcp: pick((x) => x.fcp),
      lcp: pick((x) => x.lcp),
      shown: pick((x) => x.shown),
      cls: all.some((x) => x.fcp !== null) ? Math.max(...all.filter((x) => x.fcp !== null).map((x) => x.cls)) : null,
      lcpElement: mode(all.map((x) => x.lcpElement)),
      jsBytes: pick((x) => x.jsBytes),
      cssBytes: pick((x) => x.cssBytes),
      requests: pick((x) => x.requests),
      apiRequests: pick((x) => x.apiRequests),
      errors: [...errors],
      goals: target.goals,
      runs: all,
    }
  })
}
