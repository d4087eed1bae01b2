/**
 * The field reports a journey's pages send (docs/telemetry.md). A beacon sent as a page is left cannot
 * be caught inside the browser (Chromium's request interception misses it), so the pages are opened
 * through the WebKit journeys' proxy in front of the reference server, which keeps every `POST
 * /v1/telemetry` and answers 204 (tests/webkit/support/capture-proxy.ts): the journeys do not depend on
 * the server's collector. Each body is judged by the server's schema (tests/report-schema.ts): the
 * reporter's, or the HTML head's own report when the view ended before the reporter took over.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { HeadReport, TelemetryReport } from '../../../common/telemetry/report'
import { TELEMETRY_QUEUE_GLOBAL } from '../../../shared/telemetry/early'
import { reportErrors } from '../../report-schema'
import type { ProxiedReport } from '../../webkit/support/capture-proxy'

/** A report as it arrived: the reporter's (TelemetryReport) or the HTML head's own (HeadReport), with how it was sent. */
export type ArrivedReport = (TelemetryReport | HeadReport) & { body: string; contentType: string }

/** The reports that arrived, each checked against its schema (a body that fails it fails the journey). */
export function arrivedReports(arrived: readonly ProxiedReport[]): ArrivedReport[] {
  return arrived.map(({ body, contentType }) => {
    expect(reportErrors(body), body).toEqual([])
    return { ...(JSON.parse(body) as TelemetryReport | HeadReport), body, contentType }
  })
}

/** The reports that arrived, each checked against the schema, each the reporter's (a head report fails the journey). */
export function parsedReports(arrived: readonly ProxiedReport[]): (TelemetryReport & { body: string; contentType: string })[] {
  return arrivedReports(arrived).map((report) => {
    expect('head' in report, `a head report where the reporter's was due: ${report.body}`).toBe(false)
    return report as TelemetryReport & { body: string; contentType: string }
  })
}

/** The last report of each view (the server keeps the one with the highest seq), in the order the views first reported. */
export function lastOfEachView(reports: readonly ArrivedReport[]): ArrivedReport[] {
  const views = new Map<string, ArrivedReport>()
  for (const report of reports) if ((views.get(report.view)?.seq ?? -1) < report.seq) views.set(report.view, report)
  return [...views.values()]
}

/** Waits until the page's reporter has loaded and taken over its queue (it loads once the page is idle). */
export async function reporterLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    (queue) => {
      const q = (window as unknown as Record<string, unknown>)[queue]
      return q !== undefined && !Array.isArray(q)
    },
    TELEMETRY_QUEUE_GLOBAL,
    { timeout: 15_000 },
  )
}

/** The release the page's HTML names (`<meta name="kids-release">`), `dev` without one. */
export function releaseOf(page: Page): Promise<string> {
  return page.evaluate(() => document.querySelector('meta[name="kids-release"]')?.getAttribute('content') || 'dev')
}

/** Waits until `arrived` holds `count` reports or more, and a moment without another one (a second beacon of a view would come at once). */
export async function reportsSettled(arrived: readonly ProxiedReport[], count: number): Promise<void> {
  await expect.poll(() => arrived.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count)
  let seen = -1
  await expect
    .poll(() => (seen === arrived.length ? true : ((seen = arrived.length), false)), { interval: 500, timeout: 10_000 })
    .toBe(true)
}
