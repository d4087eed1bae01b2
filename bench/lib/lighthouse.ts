/**
 * Lighthouse 13 (issue 31), mobile defaults (its own simulated slow 4G and 4x CPU), on every page as
 * `npm start` serves it: the reference server itself (gzip on), each page by the link `npm start`
 * prints (its bench demo link; an app page with `fakeHost=app`, as a developer opens it). Run with
 * `npx lighthouse@13` from the npm registry against Debian's Chromium (`CHROME_PATH`).
 */
import { spawn } from 'node:child_process'
import { demoLinks, demoLinkUrl } from '../../server/demo-links.ts'
import { CHROMIUM_FULL } from '../../tests/e2e/support/chromium.ts'
import { median } from './stats.ts'

/** One page's scores (0–100) and the figures behind the performance score, medians of the runs. */
export interface LighthouseResult {
  name: string
  url: string
  performance: number | null
  accessibility: number | null
  lcp: number | null
  fcp: number | null
  tbt: number | null
  cls: number | null
  /** Accessibility audits that failed in any run (their titles). */
  failing: string[]
  errors: string[]
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>
  audits: Record<string, { score: number | null; numericValue?: number; title: string }>
}

/** One Lighthouse run of `url`: its JSON report. */
function runOnce(url: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        '-y',
        'lighthouse@13',
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_FULL }, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.on('close', (code) => {
      try {
        resolve(JSON.parse(out) as Report)
      } catch {
        reject(
          new Error(
            `lighthouse exited ${code}: ${err
              .split('\n')
              .filter((l) => !/EBADENGINE|^npm warn/.test(l))
              .slice(-3)
              .join(' ')}`,
          ),
        )
      }
    })
  })
}

const score = (r: Report, category: string) => {
  const s = r.categories[category]?.score
  return s === null || s === undefined ? null : Math.round(s * 100)
}

/** Every page of the build in `distDir`, `runs` times each, against the server at `baseUrl`. */
export async function measureLighthouse(
  baseUrl: string,
  distDir: string,
  runs: number,
  log: (line: string) => void,
  only?: readonly string[],
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = []
  for (const link of demoLinks(distDir).filter((l) => l.bench && (!only || only.includes(l.route)))) {
    const url = demoLinkUrl(baseUrl, link)
    const reports: Report[] = []
    const errors: string[] = []
    for (let i = 0; i < runs; i++) {
      try {
        reports.push(await runOnce(url))
      } catch (error) {
        errors.push(String(error).slice(0, 300))
      }
    }
    const pick = (f: (r: Report) => number | null | undefined) => median(reports.map((r) => f(r) ?? null))
    const audit = (id: string) => (r: Report) => r.audits[id]?.numericValue
    const failing = new Set<string>()
    for (const r of reports) {
      for (const { id } of r.categories.accessibility?.auditRefs ?? []) {
        const a = r.audits[id]
        if (a && a.score !== null && a.score < 1) failing.add(`${id}: ${a.title}`)
      }
    }
    const result: LighthouseResult = {
      name: link.route,
      url: url.slice(baseUrl.length),
      performance: pick((r) => score(r, 'performance')),
      accessibility: pick((r) => score(r, 'accessibility')),
      lcp: pick(audit('largest-contentful-paint')),
      fcp: pick(audit('first-contentful-paint')),
      tbt: pick(audit('total-blocking-time')),
      cls: pick(audit('cumulative-layout-shift')),
      failing: [...failing],
      errors,
    }
    log(`  lighthouse ${link.route.padEnd(22)} performance ${result.performance ?? '–'}, accessibility ${result.accessibility ?? '–'}`)
    results.push(result)
  }
  return results
}
