/**
 * The head script's first screen (issue 31): once the page's early replies are in and its HTML is
 * parsed, #root is drawn from them with the page's own components (define.ts, to-dom.ts) — the
 * readable page, before the bundle has arrived — and drawn again as more replies come, until the
 * page's code starts (`mountPage`), which it starts once every early reply is in and drawn. React then
 * draws the same DOM from the same replies and takes over (handover.ts). Anything that fails leaves the
 * HTML's frame as it was (or the screen drawn before the failure), draws nothing more, and is reported
 * (`reportFailure`): React draws the page as before (the HTML starts it after ENTRY_CAP_MS).
 * React-free.
 */
import { ENTRY_STARTER, STARTED_GLOBAL } from '../config/page-start'
import { peekArrived, peekKeptReply } from '../http/arrived'
import { earlyRequestsPending, onPrefetchSettled, watchPrefetched } from '../http/prefetch'
import { markReady, recordProblem } from '../telemetry/early'
import type { Arrived, FirstScreen, PageQueries, Shown } from './define'
import { handover, recordForHandover, redrawn } from './handover'
import { toDom, type DrawnExtras } from './to-dom'

/**
 * Starts the page's code: the build holds its entry script back while the first screen is drawn
 * (scripts/build/prerender/prefetch.ts `deferEntry`), since evaluating it is one long task in which no
 * reply could be drawn. `afterFrame`: once the drawn screen has had a frame to be painted in (the
 * timer for a hidden page, which gets no frames).
 */
function startEntry(afterFrame: boolean): void {
  const start = (window as unknown as Record<string, unknown>)[ENTRY_STARTER]
  if (typeof start !== 'function') return
  const go = () => (start as () => void)()
  if (!afterFrame) return go()
  requestAnimationFrame(() => setTimeout(go, 0))
  setTimeout(go, 100)
}

/**
 * A first screen that could not be drawn is a regression to see in the field, not only in the bench:
 * recorded for the field reporter (docs/telemetry.md, kind `first-screen`, the report names the page),
 * and kept for the app's log, which the page's code writes once its bridge is up (start-page.tsx:
 * the host's handlers may not be there while the HTML is parsed).
 */
function reportFailure(error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error)
  recordProblem({ kind: 'first-screen', message: reason })
  handover(true)!.failure = reason
}

/**
 * Whether what was drawn still waits for data: a loading overlay or a placeholder (`role="status"`) named
 * or saying `加载中`. A first screen draws only from replies that are in, never a failure, so anything
 * else drawn is the page's data on screen: the view is ready (docs/telemetry.md).
 */
const stillLoading = (root: Element) =>
  [...root.querySelectorAll('[role="status"]')].some((el) =>
    (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().startsWith('加载中'),
  )

const arrived: Arrived = (request) => peekArrived(request.path, request.params) ?? peekKeptReply(request.path, request.params)

/**
 * Draws `screen` of `page` into #root whenever one of the page's early replies comes in. `parsed`: the
 * script runs after #root and its guard (the end of <body>), so it need not wait for the document.
 */
export function paintFirstScreen<Q>(page: PageQueries<Q>, screen: FirstScreen<Q>, { parsed = false } = {}): void {
  const query = page.parse(location.search)
  const replies = page.requestsFor(query).map((r) => watchPrefetched(r.path, r.params))
  // Nothing started (an account page without a token, a link without its code): React draws the page.
  if (!replies.some(Boolean)) return startEntry(false)
  let drawnFrom = ''
  // Whether the HTML's frame survived its guard, as found at the first draw (later, #root holds what is drawn).
  let shown: Shown | null = null
  let failed = false
  const paint = () => {
    // The HTML is parsed (its frame and the frame's guard have run); the page's code has not started.
    if ((!parsed && document.readyState === 'loading') || (window as unknown as Record<string, unknown>)[STARTED_GLOBAL]) return
    draw()
    // Every early reply is in (and those they led to) and drawn: the page's code may start.
    if (earlyRequestsPending() === 0) startEntry(drawnFrom !== '')
  }
  const draw = () => {
    const root = document.getElementById('root')
    if (!root || failed) return
    try {
      // On the page's timeline for the bench and DevTools (performance.measure below).
      performance.mark('first-screen:start')
      shown ??= { frame: root.firstElementChild !== null }
      const element = screen.draw(query, arrived, shown)
      if (element === null || element === undefined) return
      const extras: DrawnExtras = { title: null }
      const nodes = toDom(element, extras)
      // The same replies draw the same screen: a reply that changed nothing is not drawn again.
      const drawn = nodes.map((n) => (n instanceof Element ? n.outerHTML : n.textContent)).join('')
      if (drawn === drawnFrom) return
      drawnFrom = drawn
      redrawn()
      root.replaceChildren(...nodes)
      // React's first commit replaces what is drawn here (never hydrates it): same DOM, nothing to match.
      root.setAttribute('data-prerendered', 'replace')
      if (extras.title !== null) document.title = extras.title
      recordForHandover()
      // In the first frame that shows it (the field report's ready; React's first render marks it again, unused).
      if (!stillLoading(root)) requestAnimationFrame(() => markReady())
      performance.measure('first-screen', 'first-screen:start')
    } catch (error) {
      // Not drawable before React (a component it cannot draw, a reply it cannot read): React draws it.
      failed = true
      reportFailure(error)
    }
  }
  // Each reply as it settles, and those the replies lead to (FirstRequest.then).
  onPrefetchSettled(paint)
  document.addEventListener('readystatechange', paint)
  // A kept reply is here at once: drawn as soon as the document is parsed.
  paint()
}
