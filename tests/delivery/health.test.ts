import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeHealth, type FakeHealth } from './helpers/fake-health'
import { RELEASES, sampleReply } from './helpers/health-samples'
import { runCliAsync } from './helpers/run-cli'

let api: FakeHealth
let tmp: string
beforeAll(async () => {
  api = await startFakeHealth('ops-secret')
  tmp = mkdtempSync(join(tmpdir(), 'kids-health-'))
})
afterAll(async () => {
  await api?.stop()
  rmSync(tmp, { recursive: true, force: true })
})
beforeEach(() => {
  api.requests.length = 0
  api.reply = () => sampleReply()
})

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

const health = (...args: string[]) => runCliAsync('health.ts', ['--api', api.url, '--token', 'ops-secret', ...args])

describe('npm run health', () => {
  it('prints each page’s releases, the live one marked beside the one before it, with rates, p75s and the split by client', async () => {
    const run = await health()
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    const word = lines.findIndex((l) => l.startsWith('/word_share'))
    expect(lines[word + 1]).toMatch(/views\s+errors\s+never ready\s+audio failed\s+ready p75\s+LCP p75\s+INP p75\s+CLS p75/)
    expect(lines[word + 2]).toMatch(
      new RegExp(`^\\* ${RELEASES.wordLive}\\s+\\d+\\s+1[12]\\.\\d % \\(\\d+/\\d+\\).*1\\.90 s\\s+2\\.30 s\\s+120 ms\\s+0\\.020\\s+live`),
    )
    expect(lines[word + 3]).toMatch(/^\s+app\s+\d+/)
    expect(lines[word + 4]).toMatch(/^\s+wechat\s+\d+/)
    expect(lines[word + 5]).toMatch(/^\s+browser\s+\d+/)
    expect(lines[word + 6]).toContain("error: TypeError: undefined is not an object (evaluating 'word.phonetic.uk') (41 views)")
    expect(lines.find((l) => l.startsWith(`< ${RELEASES.wordBefore}`))).toMatch(/before it/)
    expect(api.requests).toEqual([{ since: 24, route: null, authorization: 'Bearer ops-secret' }])
  })

  it('asks for one page and another window', async () => {
    const run = await health('--page', 'word_share', '--since', '7d')
    expect(run.code, run.stderr).toBe(0)
    expect(api.requests[0]).toMatchObject({ since: 168, route: '/word_share' })
    expect(run.stdout).not.toContain('/price_up')
  })

  it('prints the same as JSON with --json, rates included', async () => {
    const run = await health('--json')
    expect(run.code, run.stderr).toBe(0)
    const json = JSON.parse(run.stdout)
    const word = json.pages.find((p: { route: string }) => p.route === '/word_share')
    expect(word).toMatchObject({ live: RELEASES.wordLive, before: RELEASES.wordBefore })
    expect(word.releases[0].rates.error).toBeGreaterThan(0.1)
  })

  it('writes one self-contained page with a chart per page and no script or outside file', async () => {
    const file = join(tmp, 'report.html')
    const run = await health('--html', file)
    expect(run.code, run.stderr).toBe(0)
    const html = readFileSync(file, 'utf8')
    expect(html).not.toMatch(/<script|<link|\ssrc=|url\(/i)
    expect(html.match(/<section>/g)).toHaveLength(2)
    expect(html.match(/<svg /g)).toHaveLength(6)
    expect(html).toContain('Would be taken back')
  })

  it('with --gate exits 1 naming the page whose live release is worse, judged on 7 days', async () => {
    const run = await health('--gate')
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      new RegExp(`^TAKE BACK /word_share ${RELEASES.wordLive} \\(before it: ${RELEASES.wordBefore}\\): error rate 1[12]\\.\\d %`, 'm'),
    )
    expect(run.stdout).toMatch(new RegExp(`^ok /price_up ${RELEASES.priceLive}`, 'm'))
    expect(run.stderr.trim()).toBe('1 page to take back: /word_share')
    expect(api.requests.map((r) => r.since)).toEqual([24, 168])
  })

  it('with --gate exits 0 when no page is worse, and says which have too few views', async () => {
    const run = await health('--gate', '--page', '/price_up', '--min-views', '300')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^no verdict \/price_up ba0987654321 .*: \d+ views of the 300 a verdict needs$/m)
  })

  it('exits 3 when the health API refuses the token or does not answer', async () => {
    const refused = await runCliAsync('health.ts', ['--api', api.url, '--token', 'wrong'])
    expect([refused.code, refused.stderr.trim()]).toEqual([
      3,
      `the health API at ${api.url} refused the token (401): give --token or OPS_TOKEN`,
    ])
    api.reply = () => 502
    const down = await health()
    expect([down.code, down.stderr.trim()]).toEqual([3, `the health API at ${api.url} answered 502 without release health`])
    const nowhere = await runCliAsync('health.ts', ['--api', `http://127.0.0.1:${await closedPort()}`])
    expect(nowhere.code).toBe(3)
    expect(nowhere.stderr).toContain('did not answer (ECONNREFUSED)')
  })

  it('exits 2 with the usage on a bad command line', async () => {
    const run = await runCliAsync('health.ts', ['--since', '24h'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Usage: npm run health')
  })
})
