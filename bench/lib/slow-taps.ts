/**
 * A tap on a slow network (issue 39: 800 ms RTT, 50 KB/s, the same 4× slower phone): each page is opened
 * on SLOW_PROFILE and, the moment it is ready (its proof on screen with nothing over it, as the main
 * bench measures it), the control its bench demo link names (`tap` in its page.ts) is tapped. Per page:
 *
 * - **ready**: as in the main bench;
 * - **tap → visible response**: from the tap (its `pointerdown`) to the end of the first frame in which
 *   the page showed an answer to it: a change on the tapped control (the first screen's kept mark, React's
 *   pressed state; once React has replaced the control, any change in what React drew) or something new
 *   in <body> outside #root (an overlay), or the page leaving; the takeover of #root by React is not an
 *   answer. What answered is reported with it;
 * - **ready → interactive**: from ready to React's commit over the first screen drawn before it (the
 *   handover record's `live` turning false), when the page's own code answers taps.
 *
 * Runs are interleaved page by page, like the main bench.
 */
import type { Browser, Page } from 'playwright-core'
import { HANDOVER_GLOBAL } from '../../shared/first-screen/handover.ts'
import { openPhone, SLOW_PROFILE } from './phone.ts'
import { median } from './stats.ts'
import type { Target } from './targets.ts'

export interface SlowTapRun {
  ready: number | null
  /** ms from the tap to the end of the frame that showed the answer; null: none within the wait. */
  response: number | null
  /** What changed first: `data-kept on button`, `dialog added`, … */
  answer: string
  /** ms from ready to React's takeover; null when it never took over within the wait. */
  interactive: number | null
  error?: string
}

export interface SlowTapResult {
  name: string
  fixture: Target['fixture']
  tap: string
  ready: number | null
  response: number | null
  interactive: number | null
  /** The commonest answer over the runs. */
  answer: string
  runs: SlowTapRun[]
}

/** What the tapped page records (an init script, so it is there before the page's own scripts). */
const PROBE = `(function () {
  var s = (window.__slowTap = { tapAt: null, respondedAt: null, answer: '', liveSeen: false, interactiveAt: null })
  var tapped = null
  var root = function () { return document.getElementById('root') }
  var done = function (answer) {
    if (s.respondedAt !== null || s.answer) return
    s.answer = answer
    // The end of the frame that paints it: a task after the frame's callbacks.
    requestAnimationFrame(function () { setTimeout(function () { s.respondedAt = performance.now() }, 0) })
  }
  window.addEventListener('pointerdown', function (e) {
    if (s.tapAt !== null) return
    s.tapAt = e.timeStamp
    tapped = e.target
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var m = records[i]
        var t = m.target
        // React replacing the whole first screen is its takeover, not an answer to the tap.
        if (m.type === 'childList' && t === root()) continue
        var el = t.nodeType === 1 ? t : t.parentElement
        if (tapped && tapped.isConnected && (t === tapped || (t.contains && t.contains(tapped)) || (tapped.contains && tapped.contains(t)))) {
          return done((m.attributeName || m.type) + ' on ' + (el ? el.localName : '?'))
        }
        // Once React has replaced the tapped control, its answer is a change in the page it drew.
        if (tapped && !tapped.isConnected && root() && root().contains(t)) {
          return done((m.attributeName || m.type) + ' on ' + (el ? el.localName : '?') + ' (React)')
        }
        // Something new on the page outside #root (an overlay); not in <head> (React's <title>, the code's links).
        if (m.type === 'childList' && m.addedNodes.length && document.body.contains(t) && !(root() && root().contains(t))) {
          var added = m.addedNodes[0]
          var what = added.nodeType === 1 ? (added.querySelector('[role=dialog]') ? 'dialog' : added.localName) : 'text'
          return done(what + ' added')
        }
      }
    }).observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true })
    window.addEventListener('pagehide', function () { done('page left') })
  }, true)
  var watch = function () {
    var h = window[${JSON.stringify(HANDOVER_GLOBAL)}]
    if (h && h.live) s.liveSeen = true
    if (s.liveSeen && h && !h.live && s.interactiveAt === null) s.interactiveAt = performance.now()
    if (s.interactiveAt === null) requestAnimationFrame(watch)
  }
  requestAnimationFrame(watch)
})()`

interface Probed {
  ready: number | null
  tapAt: number | null
  respondedAt: number | null
  answer: string
  interactiveAt: number | null
}

const read = (page: Page): Promise<Probed> =>
  page.evaluate(() => {
    const w = window as unknown as {
      __slowTap: { tapAt: number | null; respondedAt: number | null; answer: string; interactiveAt: number | null }
      __bench: { uncoveredAt: number | null; paintedAt: number | null }
    }
    const b = w.__bench
    return {
      ready: b.uncoveredAt === null ? null : Math.max(b.uncoveredAt, b.paintedAt ?? 0),
      tapAt: w.__slowTap.tapAt,
      respondedAt: w.__slowTap.respondedAt,
      answer: w.__slowTap.answer,
      interactiveAt: w.__slowTap.interactiveAt,
    }
  })

/** One load on the slow phone: ready, then the tap, then the takeover. */
async function tapOnce(browser: Browser, baseUrl: string, target: Target & { tap: NonNullable<Target['tap']> }): Promise<SlowTapRun> {
  const phone = await openPhone(browser, target.fixture, undefined, { proof: target.proof, profile: SLOW_PROFILE })
  try {
    await phone.context.addInitScript({ content: PROBE })
    await phone.page.goto(baseUrl + target.url, { waitUntil: 'commit', timeout: 60_000 })
    const probe = () => read(phone.page)
    await phone.page.waitForFunction(
      () => {
        const b = (window as unknown as { __bench?: { uncoveredAt: number | null } }).__bench
        return b !== undefined && b.uncoveredAt !== null
      },
      null,
      { timeout: 60_000, polling: 16 },
    )
    await phone.page
      .getByRole(target.tap.role as 'button', { name: target.tap.name })
      .first()
      .tap({ force: true, timeout: 10_000 })
    await phone.page
      .waitForFunction(
        () => {
          const s = (window as unknown as { __slowTap: { respondedAt: number | null; interactiveAt: number | null } }).__slowTap
          return s.respondedAt !== null && s.interactiveAt !== null
        },
        null,
        { timeout: 20_000 },
      )
      .catch(() => {})
    const p = await probe()
    return {
      ready: p.ready,
      response: p.respondedAt === null || p.tapAt === null ? null : p.respondedAt - p.tapAt,
      answer: p.answer || 'none',
      interactive: p.interactiveAt === null || p.ready === null ? null : p.interactiveAt - p.ready,
    }
  } catch (error) {
    return { ready: null, response: null, answer: 'failed', interactive: null, error: String(error).split('\n')[0]!.slice(0, 200) }
  } finally {
    await phone.close()
  }
}

/** The figures of every target that names a tap, `runs` loads each, interleaved. */
export async function measureSlowTaps(
  browser: Browser,
  baseUrl: string,
  targets: readonly Target[],
  runs: number,
  log: (line: string) => void,
): Promise<SlowTapResult[]> {
  const tapped = targets.filter((t): t is Target & { tap: NonNullable<Target['tap']> } => t.tap !== null)
  const all = new Map<string, SlowTapRun[]>(tapped.map((t) => [t.name, []]))
  for (let r = 0; r < runs; r++) {
    for (const target of tapped) {
      const run = await tapOnce(browser, baseUrl, target)
      all.get(target.name)!.push(run)
      const f = (v: number | null) => (v === null ? '–' : String(Math.round(v)))
      log(
        `  slow ${r + 1}/${runs} ${target.name.padEnd(22)} ready ${f(run.ready)} ms, tap → ${run.answer} ${f(run.response)} ms, ` +
          `ready → interactive ${f(run.interactive)} ms${run.error ? ` (${run.error})` : ''}`,
      )
    }
  }
  return tapped.map((target) => {
    const list = all.get(target.name)!
    const answers = list.map((run) => run.answer)
    return {
      name: target.name,
      fixture: target.fixture,
      tap: `${target.tap.role} “${target.tap.name}”`,
      ready: median(list.map((run) => run.ready)),
      response: median(list.map((run) => run.response)),
      interactive: median(list.map((run) => run.interactive)),
      answer: answers.sort((a, b) => answers.filter((x) => x === b).length - answers.filter((x) => x === a).length)[0] ?? 'none',
      runs: list,
    }
  })
}

/** The report's section (bench/lib/report.ts). */
export function slowTapsTable(results: readonly SlowTapResult[]): string[] {
  const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v)}`)
  return [
    `## A tap on a slow network (issue 39: ${SLOW_PROFILE.rttMs} ms RTT, ${SLOW_PROFILE.downKbps / 8} KB/s, ${SLOW_PROFILE.cpuSlowdown}× CPU)`,
    '',
    'Tapped the moment the page is ready. Medians; per run in the JSON.',
    '',
    '| page | fixture | tapped | ready ms | tap → visible response ms | first answer | ready → interactive ms | runs |',
    '|---|---|---|--:|--:|---|--:|--:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.fixture} | ${r.tap} | ${ms(r.ready)} | ${ms(r.response)} | ${r.answer} | ${ms(r.interactive)} | ${r.runs.length} |`,
    ),
    '',
  ]
}
