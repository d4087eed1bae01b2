/**
 * npm run health -- --api <url> [--since 24h] [--page /route] [--json] [--html report.html] [--gate]
 *                   [--min-views 50] [--token-file <file>]   (or OPS_TOKEN in the environment)
 * Release health per page and release, from the API's /ops/release-health (docs/telemetry.md): who had
 * trouble and why, the pages taken back, worse or slower first (health/pages.ts), as text, JSON or HTML;
 * --gate exits 1 naming each page whose live release is worse than the one before it (docs/deploying.md,
 * "Release health"). Issues 38, 46.
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { HealthReply } from '../../../common/telemetry/health.ts'
import { DeliveryError, UsageError } from '../errors.ts'
import { fetchHealth, HealthUnavailable, hoursFor, type HealthQuery } from '../health/fetch-health.ts'
import { formatGate, gate, type GatePage, GATE_HOURS, type PageVerdict } from '../health/gate.ts'
import { renderHealthHtml } from '../health/html.ts'
import { deployedPages, healthReport, zoomHours, type PageVerdictInput } from '../health/pages.ts'
import { formatHealth } from '../health/text.ts'
import { terminalJson, terminalText } from '../terminal-text.ts'
import { parseDuration } from '../units.ts'
import { opsTokenOf } from './ops-token.ts'
import { runCli } from './run-cli.ts'

const USAGE = `Usage: npm run health -- --api <url> [--since 24h] [--page /route] [--json] [--html report.html] [--gate] [--min-views 50] [--token-file <file>]
  --api <url>        the API that collects the field reports (https://api.example.com)
  --since <time>     the window: 24h (default), 7d, 90m (1 h to 30 days)
  --page <route>     one page (/word_share or word_share)
  --json             print the figures as JSON
  --html <file>      also write them as one self-contained page with charts
  --gate             judge each page's live release against the one before it (last 7 days);
                     exit 1 naming each page to take back
  --min-views <n>    views a release needs before a verdict (50)
  --token-file <file> a file (mode 600) holding the server's OPS_TOKEN; or set OPS_TOKEN in the environment
                     (never --token: a command line shows in process listings)
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
      'token-file': { type: 'string' },
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
  const token = opsTokenOf(v)
  const query: HealthQuery = { api: v.api, sinceHours: hoursFor(sinceMs), ...(route ? { route } : {}), ...(token ? { token } : {}) }

  const reply = await fetchReply(query)
  const rule = minViews !== undefined ? { minViews } : {}
  // The gate judges on 7 days, so that the release before has its views; the report alone, on its window.
  const judgedOn = v.gate && query.sinceHours < GATE_HOURS ? await fetchReply({ ...query, sinceHours: GATE_HOURS }) : reply
  const judged = judgePages(judgedOn, rule)
  const verdicts = judged.map(verdictOf)
  // A recent incident is drawn per minute (the HTML's charts, the JSON's series): one more reply, of the few hours around it.
  const hours = v.html || v.json ? zoomHours(reply, verdicts) : null
  let minutes: HealthReply | null = null
  if (hours !== null) {
    minutes = await fetchReply({ ...query, sinceHours: hours }).catch((error: unknown) => {
      if (!(error instanceof HealthUnavailable)) throw error
      process.stderr.write(`charts per hour: the per-minute reply failed: ${error.message}\n`)
      return null
    })
  }
  const report = healthReport(reply, verdicts, minutes, judgedOn)
  if (v.html) writeFileSync(v.html, renderHealthHtml(report))

  const out = v.json
    ? `${terminalJson({ ...report, ...(v.gate ? { gate: judged } : {}) })}\n`
    : formatHealth(report) + (v.html ? `Wrote ${v.html}\n` : '')
  if (!v.gate) return out
  const all = `${out}${v.json ? '' : `\n${formatGate(judged.map(printable))}`}`
  const takeBack = verdicts.filter((p) => p.verdict?.kind === 'worse' || p.verdict?.kind === 'slower')
  if (takeBack.length > 0)
    throw new DeliveryError(
      `${takeBack.length} page${takeBack.length === 1 ? '' : 's'} to take back: ${takeBack.map((p) => terminalText(p.route)).join(', ')}`,
      all,
    )
  return all
})

/** fetchHealth, its refusal (which may quote the API's `msg`) safe to print. */
async function fetchReply(query: HealthQuery): Promise<HealthReply> {
  try {
    return await fetchHealth(query)
  } catch (error) {
    if (error instanceof HealthUnavailable) error.message = terminalText(error.message)
    throw error
  }
}

/**
 * The rule's verdict on each page (gate.ts): the live and previous releases the deployments name, with
 * what the rule reads of each (pages whose live release has no reports are not judged).
 */
function judgePages(reply: HealthReply, rule: { minViews?: number }): PageVerdict[] {
  const pages = deployedPages(reply).flatMap((page): GatePage[] =>
    page.live.judged
      ? [
          {
            route: page.route,
            live: { release: page.live.release, judged: page.live.judged },
            before: page.before?.judged ? { release: page.before.release, judged: page.before.judged } : null,
          },
        ]
      : [],
  )
  return gate(pages, rule)
}

/** A gate verdict as the report reads it. */
function verdictOf(v: PageVerdict): PageVerdictInput {
  return { route: v.route, live: v.live, previous: v.before, verdict: { kind: v.verdict.kind, why: v.verdict.why } }
}

/** A gate verdict whose route, releases and why print safely (formatGate writes them as they are). */
function printable(v: PageVerdict): PageVerdict {
  return {
    ...v,
    route: terminalText(v.route),
    live: terminalText(v.live),
    before: v.before === null ? null : terminalText(v.before),
    verdict: { ...v.verdict, why: terminalText(v.verdict.why) },
  }
}
