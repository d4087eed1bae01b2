/**
 * npm run health -- --api <url> [--since 24h] [--page /route] [--json] [--html report.html] [--gate]
 *                   [--min-views 50] [--token …]
 * Release health per page and release, from the API's /ops/release-health (docs/telemetry.md); --gate
 * exits 1 naming each page whose live release is worse than the one before it (docs/deploying.md, "The
 * watch"). Issue 38.
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { DeliveryError, UsageError } from '../errors.ts'
import { fetchHealth, hoursFor, type HealthQuery } from '../health/fetch-health.ts'
import { formatGate, gate, GATE_HOURS } from '../health/gate.ts'
import { renderHealthHtml } from '../health/html.ts'
import { byPage, ratesOf } from '../health/pages.ts'
import { formatHealth } from '../health/text.ts'
import { parseDuration } from '../units.ts'
import { runCli } from './run-cli.ts'

const USAGE = `Usage: npm run health -- --api <url> [--since 24h] [--page /route] [--json] [--html report.html] [--gate] [--min-views 50] [--token …]
  --api <url>        the API that collects the field reports (https://api.example.com)
  --since <time>     the window: 24h (default), 7d, 90m (1 h to 30 days)
  --page <route>     one page (/word_share or word_share)
  --json             print the figures as JSON
  --html <file>      also write them as one self-contained page with charts
  --gate             judge each page's live release against the one before it (last 7 days);
                     exit 1 naming each page to take back
  --min-views <n>    views a release needs before a verdict (50)
  --token <token>    the server's OPS_TOKEN (or set OPS_TOKEN)
Exit codes: 0 done (and, with --gate, no page to take back), 1 a page to take back or a refusal, 2 bad
command line, 3 the health API did not answer (nothing judged).
`

await runCli(USAGE, async () => {
  const { values: v } = parseArgs({
    options: {
      api: { type: 'string' },
      since: { type: 'string', default: '24h' },
      page: { type: 'string' },
      json: { type: 'boolean', default: false },
      html: { type: 'string' },
      gate: { type: 'boolean', default: false },
      'min-views': { type: 'string' },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (v.help) return USAGE
  if (!v.api || !/^https?:\/\/[^/]/i.test(v.api)) throw new UsageError('--api <http(s) URL of the API> is required')
  const sinceMs = parseDuration(v.since)
  if (sinceMs === null || sinceMs <= 0 || sinceMs > 720 * 3_600_000)
    throw new UsageError(`--since ${v.since}: give a duration from 1h to 30d, such as 24h or 7d`)
  const minViews = v['min-views'] === undefined ? undefined : Number(v['min-views'])
  if (minViews !== undefined && (!Number.isInteger(minViews) || minViews < 1)) throw new UsageError('--min-views takes a whole number ≥ 1')
  const route = v.page === undefined ? undefined : `/${v.page.replace(/^\/+|\/+$/g, '')}`
  const token = v.token ?? process.env.OPS_TOKEN
  const query: HealthQuery = { api: v.api, sinceHours: hoursFor(sinceMs), ...(route ? { route } : {}), ...(token ? { token } : {}) }

  const reply = await fetchHealth(query)
  const pages = byPage(reply)
  const rule = minViews !== undefined ? { minViews } : {}
  if (v.html) writeFileSync(v.html, renderHealthHtml(reply, pages, rule))
  const judged = v.gate
    ? gate(byPage(query.sinceHours >= GATE_HOURS ? reply : await fetchHealth({ ...query, sinceHours: GATE_HOURS })), rule)
    : []
  const out = v.json
    ? `${JSON.stringify(
        {
          since: reply.since,
          until: reply.until,
          pages: pages.map((p) => ({
            route: p.route,
            live: p.live.release,
            before: p.before?.release ?? null,
            releases: p.releases.map((r) => ({ ...r, rates: ratesOf(r.total) })),
          })),
          ...(v.gate ? { gate: judged } : {}),
        },
        null,
        2,
      )}\n`
    : formatHealth(reply, pages) + (v.html ? `Wrote ${v.html}\n` : '')
  const takeBack = judged.filter((j) => j.verdict.kind === 'worse')
  if (v.gate && !v.json) {
    const lines = formatGate(judged)
    if (takeBack.length > 0)
      throw new DeliveryError(
        `${takeBack.length} page${takeBack.length === 1 ? '' : 's'} to take back: ${takeBack.map((t) => t.route).join(', ')}`,
        `${out}\n${lines}`,
      )
    return `${out}\n${lines}`
  }
  if (takeBack.length > 0)
    throw new DeliveryError(
      `${takeBack.length} page${takeBack.length === 1 ? '' : 's'} to take back: ${takeBack.map((t) => t.route).join(', ')}`,
      out,
    )
  return out
})
