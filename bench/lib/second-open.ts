/**
 * Re-opens (issue 18): each page opened twice on the same phone with its HTTP cache on, the way the app
 * opens a page it showed before. The first open fills the cache (hashed assets `immutable`, demo media
 * for a day); the second revalidates the HTML (`no-cache` + ETag → 304) and asks the API again (the share
 * pages draw meanwhile from the reply kept at the first open, in the same phone's localStorage). The
 * figures are the second open's, beside the first open's of the same phone.
 */
import type { Browser, Page } from 'playwright-core'
import { readLoad } from './page-probe.ts'
import { openPhone } from './phone.ts'
import { median } from './stats.ts'
import type { Target } from './targets.ts'

export interface SecondOpen {
  name: string
  firstFcp: number | null
  firstLcp: number | null
  fcp: number | null
  lcp: number | null
  /** Median of second LCP ÷ first LCP over the runs. */
  lcpRatio: number | null
  /** The HTML's status on the second open (304 when the ETag matched) and the bytes it cost. */
  documentStatus: number | null
  documentBytes: number | null
  /** Bytes the second open transferred in all (headers included). */
  transferBytes: number | null
}

async function open(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {})
  await page.waitForTimeout(300)
  const figures = await readLoad(page)
  const transfer = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as (PerformanceNavigationTiming & { responseStatus?: number }) | undefined
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    return {
      status: nav?.responseStatus ?? null,
      document: nav ? nav.transferSize : null,
      total: (nav?.transferSize ?? 0) + resources.reduce((sum, r) => sum + r.transferSize, 0),
    }
  })
  return { figures, transfer }
}

/** First and second open of every target, `runs` times (interleaved like measurePages). */
export async function measureSecondOpens(
  browser: Browser,
  baseUrl: string,
  targets: readonly Target[],
  runs: number,
  log: (line: string) => void,
): Promise<SecondOpen[]> {
  const all = new Map<string, { first: Awaited<ReturnType<typeof open>>; second: Awaited<ReturnType<typeof open>> }[]>(
    targets.map((t) => [t.name, []]),
  )
  for (let r = 0; r < runs; r++) {
    for (const target of targets) {
      const phone = await openPhone(browser, target.fixture, undefined, { cache: true })
      try {
        const first = await open(phone.page, baseUrl + target.url)
        const second = await open(phone.page, baseUrl + target.url)
        all.get(target.name)!.push({ first, second })
        log(
          `  re-open ${r + 1}/${runs} ${target.name.padEnd(22)} LCP ${Math.round(first.figures.lcp ?? -1)} → ${Math.round(second.figures.lcp ?? -1)} ms, ` +
            `HTML ${second.transfer.status ?? '?'} ${second.transfer.document ?? '?'} B, 2nd FCP ${Math.round(second.figures.fcp ?? -1)} ms, LCP ${second.figures.lcpElement}`,
        )
      } finally {
        await phone.close()
      }
    }
  }
  return targets.map((target) => {
    const pairs = all.get(target.name)!
    return {
      name: target.name,
      firstFcp: median(pairs.map((p) => p.first.figures.fcp)),
      firstLcp: median(pairs.map((p) => p.first.figures.lcp)),
      fcp: median(pairs.map((p) => p.second.figures.fcp)),
      lcp: median(pairs.map((p) => p.second.figures.lcp)),
      lcpRatio: median(
        pairs.map((p) => (p.first.figures.lcp && p.second.figures.lcp !== null ? p.second.figures.lcp / p.first.figures.lcp : null)),
      ),
      documentStatus: median(pairs.map((p) => p.second.transfer.status)),
      documentBytes: median(pairs.map((p) => p.second.transfer.document)),
      transferBytes: median(pairs.map((p) => p.second.transfer.total)),
    }
  })
}
