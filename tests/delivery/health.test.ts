import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse, type DefaultTreeAdapterMap } from 'parse5'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { HealthReply } from '../../common/telemetry/health'
import { deployedRoute, problem, startFakeHealth, type FakeHealth } from './helpers/fake-health'
import { RELEASES, sampleReply } from './helpers/health-samples'
import { INCIDENT, incidentReply } from './helpers/incident-sample'
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

const health = (...args: string[]) => runCliAsync('health.ts', ['--api', api.url, ...args], { OPS_TOKEN: 'ops-secret' })

/** The incident week (helpers/incident-sample.ts) as the API answers each window, all at one `now`. */
function serveIncident(): void {
  const now = Date.now()
  api.reply = ({ since }) => incidentReply(since, now)
}

type Node = DefaultTreeAdapterMap['node']
type Element = DefaultTreeAdapterMap['element']

/** The elements under `node` (document order) that `match`. */
function all(node: Node, match: (e: Element) => boolean): Element[] {
  const out: Element[] = []
  const walk = (n: Node) => {
    if ('tagName' in n && match(n)) out.push(n)
    const kids = 'content' in n && n.content ? n.content.childNodes : 'childNodes' in n ? n.childNodes : []
    for (const k of kids) walk(k)
  }
  walk(node)
  return out
}
const text = (n: Node): string =>
  'value' in n && n.nodeName === '#text' ? n.value : 'childNodes' in n ? n.childNodes.map((k) => text(k)).join('') : ''
const attr = (e: Element, name: string) => e.attrs.find((a) => a.name === name)?.value ?? null
const byTag = (tag: string) => (e: Element) => e.tagName === tag
const byClass = (name: string) => (e: Element) => (attr(e, 'class') ?? '').split(' ').includes(name)

/** The report's page sections by route (`<h2>`'s first word), in order. */
function sections(html: string): { route: string; section: Element }[] {
  return all(parse(html), byTag('section')).map((section) => ({
    route: text(all(section, byTag('h2'))[0]!)
      .trim()
      .split(' ')[0]!,
    section,
  }))
}

describe('npm run health: which pages, which releases', () => {
  it('puts the pages with a verdict first (taken back, then worse), then the rest by route, in text, JSON and HTML', async () => {
    serveIncident()
    const file = join(tmp, 'order.html')
    const run = await health('--html', file)
    expect(run.code, run.stderr).toBe(0)
    const routes = run.stdout.split('\n').flatMap((l) => (/^\/\S*/.exec(l) ? [l.split(' ')[0]] : []))
    const expected = [
      '/price_up',
      '/word_share',
      '/',
      '/expand_space',
      '/generate_book/list',
      '/recorded_share',
      '/space_upgrade',
      '/vip_sale',
      '/wechat',
    ]
    expect(routes).toEqual(expected)
    expect(run.stdout).toMatch(/^\/price_up {2}TAKEN BACK 56abd83b498f at \d{4}-\d\d-\d\d \d\d:\d\d \(run 0004-20261127T102100Z\)$/m)
    expect(run.stdout).toMatch(/^\/word_share {2}WORSE$/m)
    expect(sections(readFileSync(file, 'utf8')).map((s) => s.route)).toEqual(expected)

    const json = JSON.parse((await health('--json')).stdout)
    expect(json.pages.map((p: { route: string }) => p.route)).toEqual(expected)
    expect(json.pages.slice(0, 3).map((p: { standing: string | null }) => p.standing)).toEqual(['taken back', 'worse', null])
  })

  it('names the live release and the one before it as the deployments say, not as the reports came', async () => {
    // /word_share was rolled back by hand to its old release; the new one still reports last (phones that have it open).
    const reply = sampleReply()
    const word = reply.deployments.find((d) => d.route === '/word_share')!
    word.live = RELEASES.wordBefore
    word.previous = RELEASES.wordLive
    word.events.push({
      at: new Date(Date.now() - 3_600_000).toISOString(),
      route: '/word_share',
      release: RELEASES.wordBefore,
      kind: 'rollback',
      run: '0003-by-hand',
    })
    api.reply = () => reply
    const run = await health('--page', 'word_share')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(`live ${RELEASES.wordBefore}, before it ${RELEASES.wordLive} (as deployed)`)
    expect(run.stdout).toMatch(new RegExp(`^ {2}\\* ${RELEASES.wordBefore} live `, 'm'))
    expect(run.stdout).toMatch(new RegExp(`^ {2}< ${RELEASES.wordLive} before it `, 'm'))
    expect(run.stdout).toMatch(/events: .* rolled back to a1b2c3d4e5f6 \(0003-by-hand\)/)
    const json = JSON.parse((await health('--json', '--page', 'word_share')).stdout)
    expect(json.pages[0]).toMatchObject({ route: '/word_share', live: RELEASES.wordBefore, previous: RELEASES.wordLive })
    expect(json.pages[0].releases.map((r: { release: string; role: string }) => [r.release, r.role])).toEqual([
      [RELEASES.wordBefore, 'live'],
      [RELEASES.wordLive, 'before it'],
    ])
  })

  it('lists a page a deploy marked in the window even without reports, and says its live release has none', async () => {
    const reply = sampleReply()
    reply.deployments.push(deployedRoute('/vip_sale', 'feedfacecafe', null, new Date(Date.now() - 600_000).toISOString()))
    api.reply = () => reply
    const run = await health()
    expect(run.stdout).toMatch(/^\/vip_sale$/m)
    expect(run.stdout).toContain('the live release feedfacecafe has no reports in the window')
    expect(run.stdout).toContain('verdict: no verdict: no reports of the live release')
  })
})

describe('npm run health: who and why', () => {
  it('shows the taken-back release with its first and last report, its problems and its split by client, OS, engine and app version', async () => {
    serveIncident()
    const run = await health('--page', 'price_up')
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    const at = lines.findIndex((l) => l.startsWith(`  ! ${INCIDENT.priceBroken} taken back`))
    expect(at).toBeGreaterThan(0)
    expect(lines[at]).toMatch(/taken back\s+48\s+50\.0 % \(24\/48\)/)
    expect(lines[at + 1]).toMatch(/^ {6}seen \d{4}-\d\d-\d\d \d\d:\d\d → \d\d:\d\d; head alone 0 views; lost: none$/)
    // The parts with errors first: iOS / WebKit 24 of 24, Android / Blink none.
    expect(lines[at + 3]).toBe('      OS          iOS: 24 of 24 with an error (100.0 %); Android: 0 of 24, 1 never ready')
    expect(lines[at + 4]).toBe('      engine      WebKit 17: 24 of 24 with an error (100.0 %); Blink 126: 0 of 24, 1 never ready')
    expect(lines[at + 2]).toMatch(/^ {6}client {6}app: 14 of 29 with an error \(48\.3 %\), 1 never ready, ready p75 1\.42 s; WeChat: /)
    expect(lines[at + 5]).toMatch(/^ {6}app version app 3\.4\.0: 14 of 29 with an error \(48\.3 %\), 1 never ready; no app: 10 of 19 /)
    expect(lines[at + 6]).toMatch(
      /^ {6}problem {5}error, 24 views, \d{4}-\d\d-\d\d \d\d:\d\d → \d\d:\d\d: TypeError: undefined is not an object \(evaluating 'window\.webkit\.messageHandlers\.pay\.postMessage'\) \(at \/assets\/price-up-Cq1xT9aZ\.js:1:4210\)$/,
    )
    // Who and why in one line under the route.
    expect(lines[lines.indexOf(lines.find((l) => l.startsWith('/price_up'))!) + 1]).toBe(
      `  ${INCIDENT.priceBroken} (taken back): 24 of 48 views with an error (50.0 %), 1 never ready (2.1 %); errors by OS: iOS 24 of 24, Android 0 of 24; by engine: WebKit 17 24 of 24, Blink 126 0 of 24; commonest problem: error, 24 views: TypeError: undefined is not an object (evaluating 'window.webkit.messageHandlers.pay.postMessage')`,
    )
    expect(run.stdout).toMatch(
      /events: .* live 56abd83b498f \(0003-20261127T101500Z\); .* taken back 56abd83b498f \(0004-20261127T102100Z\); .* rolled back to 1afdab25ff64 \(0004-20261127T102100Z\)/,
    )
  })

  it('says what was lost: views of the head alone, dropped problems, lost reports, and what the API did not count', async () => {
    const reply = sampleReply()
    const live = reply.releases.find((r) => r.release === RELEASES.priceLive)!
    live.total = { ...live.total, headViews: 7, droppedProblems: 3, lostReports: 1 }
    reply.notCounted = { unknownRelease: 12, overBudget: 2, diskReserve: 0 }
    api.reply = () => reply
    const run = await health('--page', 'price_up')
    expect(run.stdout).toContain('head alone 7 views; lost: 3 problems dropped, 1 report lost')
    expect(run.stdout.split('\n')[0]).toContain(
      "Not counted: 12 reports naming a release no deploy made live, 2 reports from sources past their day's budget.",
    )
    const json = JSON.parse((await health('--json', '--page', 'price_up')).stdout)
    expect(json.notCounted).toEqual({ unknownRelease: 12, overBudget: 2, diskReserve: 0 })
    expect(json.pages[0].releases[0].total).toMatchObject({ headViews: 7, droppedProblems: 3, lostReports: 1 })
  })

  it('prints the same facts as JSON: standing, verdict, releases by role with their splits, problems and series', async () => {
    serveIncident()
    const run = await health('--json')
    expect(run.code, run.stderr).toBe(0)
    const json = JSON.parse(run.stdout)
    const price = json.pages[0]
    expect(price).toMatchObject({
      route: '/price_up',
      standing: 'taken back',
      live: INCIDENT.priceOld,
      previous: INCIDENT.priceBroken,
      verdict: { kind: 'fine' },
      chart: { step: 'minute' },
    })
    const broken = price.releases.find((r: { release: string }) => r.release === INCIDENT.priceBroken)
    expect(broken).toMatchObject({ role: 'taken back', rates: { views: 48, error: 0.5 } })
    expect(broken.split.os).toMatchObject([
      { key: 'ios', views: 24, errorViews: 24, errorRate: 1 },
      { key: 'android', views: 24, errorViews: 0 },
    ])
    expect(broken.split.engine.map((p: { key: string }) => p.key)).toEqual(['webkit 17', 'blink 126'])
    expect(broken.split.appVersion.map((p: { key: string }) => p.key)).toEqual(['3.4.0', 'none'])
    expect(broken.problems[0]).toMatchObject({ kind: 'error', views: 24, frame: '/assets/price-up-Cq1xT9aZ.js:1:4210' })
    expect(broken.series.length).toBe(6)
    expect(json.pages[1]).toMatchObject({ route: '/word_share', standing: 'worse', verdict: { kind: 'worse' }, chart: { step: 'hour' } })
  })
})

describe('npm run health: a canary beside its stable release', () => {
  it('shows the canary (~) after the live release, the deployments naming it, and each release split by cohort and source', async () => {
    const canary = 'cccccccccccc'
    api.reply = () => {
      const reply = sampleReply()
      const stable = reply.releases.find((r) => r.release === RELEASES.priceLive)!
      const split = (parts: [string, number, number][]) =>
        parts.map(([key, views, errorViews]) => ({ key, views, errorViews, neverReadyViews: 0 }))
      stable.byCohort = split([
        ['stable', 150, 1],
        ['none', 50, 1],
      ])
      stable.byVia = split([
        ['package', 120, 0],
        ['network', 30, 1],
        ['none', 50, 1],
      ])
      reply.releases.push({
        ...stable,
        release: canary,
        firstSeen: new Date(Date.now() - 30 * 60_000).toISOString(),
        byCohort: split([['canary', 40, 6]]),
        byVia: split([['package', 40, 6]]),
      })
      const route = reply.deployments.find((d) => d.route === '/price_up')!
      route.canary = canary
      route.events.push({
        at: new Date(Date.now() - 30 * 60_000).toISOString(),
        route: '/price_up',
        release: canary,
        kind: 'canary',
        run: '0003-test',
      })
      return reply
    }
    const run = await health('--page', 'price_up')
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines).toContain(
      `  live ${RELEASES.priceLive}, before it ${RELEASES.priceBefore}, canary ${canary} on a share of app devices (as deployed)`,
    )
    expect(run.stdout).toMatch(new RegExp(`events: .* canary ${canary} \\(0003-test\\)`))
    const live = lines.findIndex((l) => l.startsWith(`  * ${RELEASES.priceLive} live`))
    const at = lines.findIndex((l) => l.startsWith(`  ~ ${canary} canary`))
    expect(at).toBeGreaterThan(live)
    expect(lines.slice(live, at)).toContain(
      '      cohort      stable: 1 of 150 with an error (0.7 %); no cohort: 1 of 50 with an error (2.0 %)',
    )
    expect(lines.slice(live, at)).toContain(
      '      loaded      not said: 1 of 50 with an error (2.0 %); from the network: 1 of 30 with an error (3.3 %); from its package: 0 of 120',
    )
    expect(lines.slice(at)).toContain('      cohort      canary: 6 of 40 with an error (15.0 %)')
    // A release outside any rollout (every view `none`) shows neither split.
    const before = lines.findIndex((l) => l.startsWith(`  < ${RELEASES.priceBefore}`))
    expect(lines.slice(before, before + 8).some((l) => /^ {6}(cohort|loaded) /.test(l))).toBe(false)
  })
})

describe('npm run health --html', () => {
  it('writes one self-contained page: the summary, then per page its verdict, releases, charts and who erred', async () => {
    serveIncident()
    const file = join(tmp, 'report.html')
    const run = await health('--html', file)
    expect(run.code, run.stderr).toBe(0)
    const html = readFileSync(file, 'utf8')
    expect(html).not.toMatch(/<script|<link|\ssrc=|url\(/i)
    const doc = parse(html)
    const summary = all(doc, byClass('summary'))[0]!
    const rows = all(summary, byTag('tr'))
      .slice(1)
      .map((tr) => all(tr, byTag('td')).map((td) => text(td).trim()))
    expect(rows[0]!.slice(0, 4)).toEqual(['taken back', '/price_up', INCIDENT.priceOld, INCIDENT.priceBroken])
    expect(rows[0]![4]).toContain('errors by OS: iOS 24 of 24, Android 0 of 24; by engine: WebKit 17 24 of 24, Blink 126 0 of 24')
    expect(rows[1]!.slice(0, 2)).toEqual(['worse', '/word_share'])
    expect(rows[1]![4]).toContain('errors by OS: Android')
    expect(rows[2]!.slice(0, 2)).toEqual(['ok', '/'])

    const [price, word] = sections(html).map((s) => s.section)
    // The releases table: the taken-back one in question, its error rate marked worse, and no green anywhere.
    const releaseRows = all(all(price!, byClass('releases'))[0]!, byTag('tr')).slice(1)
    const cells = (tr: Element) => [...all(tr, byTag('th')), ...all(tr, byTag('td'))].map((c) => text(c).trim())
    expect(releaseRows.map((tr) => cells(tr).slice(0, 2))).toEqual([
      [INCIDENT.priceOld, 'live'],
      [INCIDENT.priceBroken, 'taken back'],
    ])
    expect(all(releaseRows[1]!, byClass('worse')).map((td) => text(td))).toContain('50.0 % (24/48)')
    expect(all(price!, byClass('better'))).toEqual([])
    expect(all(price!, byClass('fine'))).toEqual([])
    // Who erred in it, with the parts that had errors first.
    const who = all(price!, byClass('who'))[0]!
    expect(text(all(who, byTag('h3'))[0]!)).toContain(`${INCIDENT.priceBroken} taken back`)
    const splitRows = all(all(who, byClass('split'))[0]!, byTag('tr')).map((tr) => cells(tr))
    const os = splitRows.findIndex((r) => r[0] === 'OS')
    expect(splitRows[os + 1]!.slice(0, 3)).toEqual(['iOS', '24 of 24 (100.0 %)', '0 of 24'])
    expect(splitRows[os + 2]!.slice(0, 3)).toEqual(['Android', '0 of 24', '1 of 24 (4.2 %)'])
    expect(text(who)).toContain("TypeError: undefined is not an object (evaluating 'window.webkit.messageHandlers.pay.postMessage')")
    // Charts per minute around the incident, the deploy, the taking back and the rollback marked on each.
    const captions = all(price!, byTag('figcaption')).map((c) => text(c))
    expect(captions).toEqual([
      'Views per minute',
      'Error rate (solid) and never-ready rate (dashed) per minute, of 5 views or more',
      'Ready, p75 per minute',
    ])
    const marks = all(all(price!, byTag('svg'))[0]!, byClass('mark')).map((m) => text(m))
    expect(marks).toEqual(['live 56abd8', 'taken back 56abd8', 'rolled back to 1afdab'])
    expect(all(word!, byTag('figcaption')).map((c) => text(c))[0]).toBe('Views per hour')
  })

  it('draws a recent incident per minute from one more reply of the hours around it, and the rest per hour', async () => {
    serveIncident()
    const run = await health('--html', join(tmp, 'zoom.html'))
    expect(run.code, run.stderr).toBe(0)
    // The incident and /expand_space's deploy were 2 h 10 min ago: a reply of the last 3 hours.
    expect(api.requests.map((r) => r.since)).toEqual([24, 3])
    const json = JSON.parse((await health('--json')).stdout)
    const chart = (route: string) => json.pages.find((p: { route: string }) => p.route === route).chart
    const price = chart('/price_up')
    expect(price.step).toBe('minute')
    // From 15 minutes before the deploy to 45 after the rollback (the incident and the recovery, not the quiet hours since).
    expect((Date.parse(price.to) - Date.parse(price.from)) / 60_000).toBeGreaterThanOrEqual(66)
    expect((Date.parse(price.to) - Date.parse(price.from)) / 60_000).toBeLessThanOrEqual(68)
    expect(chart('/expand_space').step).toBe('minute')
    expect(chart('/word_share')).toMatchObject({ step: 'hour', from: json.since, to: json.until })
  })

  it('asks for no second reply when nothing happened in the last 6 hours', async () => {
    const reply = sampleReply()
    for (const d of reply.deployments) for (const e of d.events) e.at = new Date(Date.parse(e.at) - 3 * 3_600_000).toISOString()
    api.reply = () => reply
    const run = await health('--html', join(tmp, 'quiet.html'))
    expect(run.code, run.stderr).toBe(0)
    expect(api.requests.map((r) => r.since)).toEqual([24])
  })
})

describe('npm run health: text from the field, printed safely', () => {
  /** The characters of `out` a terminal would act on (its own line feeds aside): C0, DEL, C1, bidi controls, lone surrogates. */
  const raw = (out: string) =>
    [...out].filter((c) => {
      const n = c.codePointAt(0)!
      return (
        (n < 0x20 && n !== 0x0a) ||
        (n >= 0x7f && n <= 0x9f) ||
        (n >= 0x202a && n <= 0x202e) ||
        (n >= 0x2066 && n <= 0x2069) ||
        (n >= 0xd800 && n <= 0xdfff)
      )
    })

  /** A reply whose report texts try to clear the screen, forge a line and turn a file name around. */
  function hostileReply(): HealthReply {
    const reply = sampleReply()
    const word = reply.releases.find((r) => r.release === RELEASES.wordLive)!
    word.topProblems = [
      problem('error', 'boom\u001b[2J\u001b[H', 12, { file: '/assets/\u202egnp.js', frame: null }),
      problem('error', 'x\r\nTAKE BACK /price_up ba0987654321: forged', 5),
      problem('api', 'bad \u009b31m \ud800 half', 2, { endpoint: '/v1/\u0007bell', status: 500 }),
    ]
    word.byAppVersion = [{ key: '3.4.0\u001b]0;owned\u0007', views: 10, errorViews: 2, neverReadyViews: 0 }]
    // A release id with an escape in it, as the gate lines print it.
    const hostile = `${RELEASES.priceLive}\u001b[2J`
    reply.releases.find((r) => r.release === RELEASES.priceLive)!.release = hostile
    reply.deployments.find((d) => d.route === '/price_up')!.live = hostile
    return reply
  }

  it('shows control characters, CR/LF and bidi overrides from the reply escaped in the text and gate lines', async () => {
    api.reply = () => hostileReply()
    const run = await health('--gate')
    expect(run.code).toBe(1)
    // Nothing raw reaches the terminal: no ESC, CR, BEL, C1, U+202E or lone surrogate.
    expect(raw(run.stdout)).toEqual([])
    expect(run.stdout).toContain('boom\\x1b[2J\\x1b[H (at /assets/\\u202egnp.js)')
    expect(run.stdout).toContain('x\\r\\nTAKE BACK /price_up ba0987654321: forged')
    expect(run.stdout).toContain('bad \\x9b31m \\ud800 half (at /v1/\\x07bell 500)')
    expect(run.stdout).toContain('app 3.4.0\\x1b]0;owned\\x07: 2 of 10 with an error')
    expect(run.stdout).toMatch(
      new RegExp(`^ok /price_up ${RELEASES.priceLive}\\\\x1b\\[2J \\(before it: ${RELEASES.priceBefore}\\): no worse`, 'm'),
    )
    // The forged line stays inside its problem's line; the only TAKE BACK line is the gate's.
    expect(run.stdout.split('\n').filter((l) => l.startsWith('TAKE BACK'))).toEqual([
      expect.stringMatching(new RegExp(`^TAKE BACK /word_share ${RELEASES.wordLive} `)),
    ])
  })

  it('keeps JSON a faithful copy, with bidi and C1 controls written as \\u escapes', async () => {
    api.reply = () => hostileReply()
    const run = await health('--json')
    expect(raw(run.stdout)).toEqual([])
    const word = JSON.parse(run.stdout).pages.find((p: { route: string }) => p.route === '/word_share')
    expect(word.releases[0].problems.map((p: { message: string }) => p.message)).toEqual([
      'boom\u001b[2J\u001b[H',
      'x\r\nTAKE BACK /price_up ba0987654321: forged',
      'bad \u009b31m \ud800 half',
    ])
  })

  it('escapes the same text for HTML and shows its hidden characters', async () => {
    const reply = hostileReply()
    reply.releases.find((r) => r.release === RELEASES.wordLive)!.topProblems.push(problem('error', '<img src=x onerror=alert(1)>', 1))
    api.reply = () => reply
    const file = join(tmp, 'hostile.html')
    expect((await health('--html', file)).code).toBe(0)
    const html = readFileSync(file, 'utf8')
    expect(html).not.toContain('<img')
    expect(raw(html)).toEqual([])
    const messages = all(parse(html), byClass('msg')).map((m) => text(m))
    expect(messages).toContain('boom\\x1b[2J\\x1b[H/assets/\\u202egnp.js')
    expect(messages).toContain('<img src=x onerror=alert(1)>')
  })
})

describe('npm run health --gate', () => {
  it('exits 1 naming the page whose live release is worse, judged on 7 days', async () => {
    const run = await health('--gate')
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(
      new RegExp(`^TAKE BACK /word_share ${RELEASES.wordLive} \\(before it: ${RELEASES.wordBefore}\\): error rate 1[12]\\.\\d %`, 'm'),
    )
    expect(run.stdout).toMatch(new RegExp(`^ok /price_up ${RELEASES.priceLive}`, 'm'))
    expect(run.stdout).toMatch(/verdicts by the rule on \d{4}-\d\d-\d\d \d\d:\d\d → /)
    expect(run.stderr.trim()).toBe('1 page to take back: /word_share')
    // The window and the 7 days the gate judges on; no per-minute reply, the text draws no chart.
    expect(api.requests.map((r) => r.since)).toEqual([24, 168])
  })

  it('exits 0 when no page is worse, and says which have too few views', async () => {
    const run = await health('--gate', '--page', '/price_up', '--min-views', '300')
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/^no verdict \/price_up ba0987654321 .*: \d+ views of the 300 a verdict needs$/m)
  })

  it('asks for one page and another window', async () => {
    const run = await health('--page', 'word_share', '--since', '7d')
    expect(run.code, run.stderr).toBe(0)
    expect(api.requests[0]).toMatchObject({ since: 168, route: '/word_share' })
    expect(run.stdout).not.toContain('/price_up')
  })

  it('exits 3 when the health API refuses the token or does not answer', async () => {
    const refused = await runCliAsync('health.ts', ['--api', api.url], { OPS_TOKEN: 'wrong' })
    expect([refused.code, refused.stderr.trim()]).toEqual([
      3,
      `the health API at ${api.url} refused the token (401): set OPS_TOKEN or give --token-file <file>`,
    ])
    api.reply = () => 502
    const down = await health()
    expect([down.code, down.stderr.trim()]).toEqual([3, `the health API at ${api.url} answered 502 without release health`])
    const nowhere = await runCliAsync('health.ts', ['--api', `http://127.0.0.1:${await closedPort()}`])
    expect(nowhere.code).toBe(3)
    expect(nowhere.stderr).toContain('did not answer (ECONNREFUSED)')
  })

  it('takes the token from --token-file (mode 600 only), never from --token, which shows in process listings', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kids-token-'))
    try {
      const file = join(dir, 'ops-token')
      writeFileSync(file, 'ops-secret\n', { mode: 0o600 })
      const fromFile = await runCliAsync('health.ts', ['--api', api.url, '--token-file', file], { OPS_TOKEN: '' })
      expect(fromFile.code, fromFile.stderr).toBe(0)
      chmodSync(file, 0o644)
      const open = await runCliAsync('health.ts', ['--api', api.url, '--token-file', file], { OPS_TOKEN: '' })
      expect([open.code, open.stderr.split('\n')[0]]).toEqual([
        2,
        `--token-file ${file}: others than its owner may read it (mode 644): chmod 600 ${file}`,
      ])
      const argv = await runCliAsync('health.ts', ['--api', api.url, '--token', 'ops-secret'])
      const deployArgv = await runCliAsync('deploy.ts', ['--to', dir, '--health', api.url, '--token', 'ops-secret'])
      for (const run of [argv, deployArgv])
        expect([run.code, run.stderr.split('\n')[0]]).toEqual([
          2,
          '--token is not taken (a command line shows in process listings): set OPS_TOKEN in the environment or give --token-file <file>',
        ])
      expect(api.requests.map((r) => r.authorization)).toEqual(['Bearer ops-secret'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('says how long to wait when the API refuses this address for its wrong tokens (429)', async () => {
    const limited = createServer((_req, res) => res.writeHead(429, { 'retry-after': '840', 'content-type': 'application/json' }).end('{}'))
    await new Promise<void>((done) => limited.listen(0, '127.0.0.1', done))
    try {
      const url = `http://127.0.0.1:${(limited.address() as AddressInfo).port}`
      const run = await runCliAsync('health.ts', ['--api', url], { OPS_TOKEN: 'ops-secret' })
      expect([run.code, run.stderr.trim()]).toEqual([
        3,
        `the health API at ${url} refuses this address for now (429: too many wrong tokens from it): try again in 840 s`,
      ])
    } finally {
      await new Promise((done) => limited.close(done))
    }
  })

  it('exits 2 with the usage on a bad command line', async () => {
    const run = await runCliAsync('health.ts', ['--since', '24h'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('Usage: npm run health')
  })
})
