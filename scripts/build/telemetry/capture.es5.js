/* global SAMPLE, ROUTE, AT_PAINT, API_BASE, LOCAL_HOST, PRODUCTION_PAGE_HOST, PRODUCTION_API_BASE, TEST_API_BASE, QUEUE, VIEW, STARTER, TEMPLATE, RELEASE_META, CAP_MS, IDLE_MS */
/**
 * The field reports' capture script, the first script of every page's <head> (docs/telemetry.md "How a
 * page reports"). Plain ES5: it must run, catch and report on a WebView too old for the page's own code.
 * The build (capture-script.ts) puts its constants in (the UPPER_CASE names) and minifies it with terser.
 *
 * - The queue (`window[QUEUE]`, shared/telemetry/early.ts): every uncaught error and unhandled rejection,
 *   and every `<script>`, module preload, stylesheet or `<img>` that failed to load (one capture-phase
 *   `error` listener on window sees them all, though their `error` events do not bubble), go on whatever
 *   queue is there at the time: this array, or the reporter's once it has taken over. So a problem is
 *   caught for the whole life of the page.
 * - The view (`window[VIEW]`, shared/telemetry/loader.ts HeadView): its id, seq, navigation kind and start,
 *   a new one for each restore from the back-forward cache, and the transport every beacon goes through.
 * - Its own report: while the reporter has not taken the queue, a view that ends (hidden, left, or about to
 *   be left before the load event) is sent from here (common/telemetry/report.ts HeadReport): problems by
 *   kind, ready, nothing to scrub; in WebKit also as the view starts (see the end).
 * - The reporter (shared/field-reporter), loaded off the first screen's path: once the page's code has
 *   started (STARTER), the document has loaded and the browser is idle; at once for a fatal problem (the
 *   rule of shared/field-reporter/view.ts isFatal); after CAP_MS whatever happened.
 *
 * A view left out of the sample gets a queue that keeps nothing, no view and no reporter.
 */
;(function (w, d, perf) {
  if (SAMPLE < 1 && Math.random() >= SAMPLE) {
    w[QUEUE] = { push: function () {} }
    return
  }
  var queue = (w[QUEUE] = [])
  var push = queue.push
  var host = location.hostname
  // shared/config/api-hosts.ts resolveApiBase, with the build's VITE_API_BASE.
  var url =
    (API_BASE || (LOCAL_HOST.test(host) ? location.origin : host == PRODUCTION_PAGE_HOST ? PRODUCTION_API_BASE : TEST_API_BASE)) +
    '/v1/telemetry'
  // The build writes the release's meta (12 hex characters) before this script; a build without one is `dev`.
  var release = (d.querySelector('meta[name="' + RELEASE_META + '"]') || {}).content || 'dev'
  var nav = perf.getEntriesByType && perf.getEntriesByType('navigation')[0]
  nav = nav && nav.type
  /** This view's problems by kind, for its own report: `{ kind, count, at }`. */
  var kinds = {}
  /** Something happened since the head's last report. */
  var dirty = 1
  var script
  var view = (w[VIEW] = {
    route: ROUTE,
    release: release,
    sample: SAMPLE,
    atPaint: AT_PAINT,
    view: newId(),
    seq: 0,
    nav: /^(navigate|reload|back_forward)$/.test(nav) ? nav : 'other',
    start: 0,
    ready: null,
    hidden: d.visibilityState == 'hidden' ? 0 : 1 / 0,
    lost: 0,
    cohort: null,
    via: null,
    send: send,
  })
  // The app's rollout facts (docs/app-integration.md): its host set them at document start, before this
  // script. Strict (===): a value the server's schema would refuse is null, never a refused report.
  try {
    var rollout = w.kidsRollout || 0
    var cohort = rollout.cohort
    var via = rollout.via
    view.cohort = cohort === 'stable' || cohort === 'canary' ? cohort : null
    view.via = via === 'package' || via === 'network' ? via : null
  } catch (e) {
    // a getter that throws: no facts
  }

  /** A random integer of [2^52, 2^53) in base 36: 11 characters, what the schema's `[0-9a-z]{8,32}` takes. */
  function newId() {
    return (4503599627370496 * (1 + Math.random())).toString(36)
  }

  /** Whole ms from 0 to an hour, the schema's bounds (shared/field-reporter/ms.ts). */
  function ms(time) {
    time = Math.round(time) || 0
    return time < 0 ? 0 : time > 36e5 ? 36e5 : time
  }

  function lose() {
    view.lost++
  }

  /** A string body is `text/plain`, a CORS-safelisted type: no preflight. */
  function send(body) {
    try {
      if (navigator.sendBeacon(url, body)) return
    } catch (e) {
      // no sendBeacon, or one that throws: fetch
    }
    try {
      fetch(url, { method: 'POST', body: body, keepalive: true, mode: 'no-cors', credentials: 'omit' })['catch'](lose)
    } catch (e) {
      lose()
    }
  }

  function load() {
    var template = d.getElementById(TEMPLATE)
    if (script || !template) return
    script = d.createElement('script')
    script.src = template.getAttribute('data-src')
    script.crossOrigin = ''
    d.head.appendChild(script)
  }

  /** The view so far, from here, unless the reporter has taken the queue (it reports from then on). */
  function report() {
    if (w[QUEUE] != queue) return
    var problems = []
    var paint = AT_PAINT && !view.start && perf.getEntriesByName && perf.getEntriesByName('first-contentful-paint')[0]
    // Ready at its first paint, unless the page was hidden before it (web-vitals' rule for FCP): news to report.
    if (paint && view.ready === null && paint.startTime < view.hidden) {
      view.ready = ms(paint.startTime)
      dirty = 1
    }
    if (!dirty) return
    dirty = 0
    for (var kind in kinds) problems.push(kinds[kind])
    send(
      JSON.stringify({
        v: 1,
        head: true,
        route: ROUTE,
        release: view.release,
        sample: SAMPLE,
        view: view.view,
        seq: view.seq++,
        nav: view.nav,
        ready: view.ready,
        problems: problems,
        dropped: 0,
        cohort: view.cohort,
        via: view.via,
      })
    )
  }

  /** One entry a call, as early.ts records. */
  queue.push = function (entry) {
    push.call(queue, entry)
    dirty = 1
    try {
      var kind = entry.problem && entry.problem.kind
      var at = ms(entry.at - view.start)
      // An API failure by its status, which says whether it is an error (docs/telemetry.md "Problems").
      var status = kind == 'api' ? Math.floor(entry.problem.status) : -1
      if (status >= 0 && !(status < 600)) status = 0
      var tally = kinds[kind + status]
      if (entry.type == 'ready') {
        if (view.ready === null) view.ready = at
      } else if (kind) {
        if (tally) tally.count = Math.min(1e5, tally.count + 1)
        else kinds[kind + status] = status < 0 ? { kind: kind, count: 1, at: at } : { kind: kind, status: status || 0, count: 1, at: at }
        if (kind == 'boundary' || kind == 'chunk' || (view.ready === null && (kind == 'error' || kind == 'rejection'))) load()
      }
    } catch (e) {
      // not an entry (null): the reporter leaves it out and counts it as lost
    }
    return queue.length
  }

  /** Onto the current queue, the reporter's once it has taken over; by the head whose view is the page's only (a head run twice acts once). */
  function add(kind, message, file, frame) {
    if (w[VIEW] == view)
      w[QUEUE].push({ type: 'problem', problem: { kind: kind, message: message, file: file, frame: frame }, at: perf.now() })
  }

  w.addEventListener(
    'error',
    function (event) {
      try {
        var target = event.target
        var tag = target.tagName
        var rel = target.rel
        var error = event.error
        // A load cut off by the page being left is the person leaving (WebKit fires error for it), and the
        // reporter's own file not loading costs the report, not the page: neither is the page's problem.
        if (tag && (leaving || target == script)) return lose()
        if (tag) {
          tag = tag == 'IMG' ? 'image' : tag == 'SCRIPT' || rel == 'modulepreload' ? 'chunk' : rel == 'stylesheet' && 'css'
          if (tag) add(tag, '', target.currentSrc || target.src || target.href, '')
        } else
          add(
            'error',
            event.message + '',
            event.filename,
            (error && error.stack) || event.filename + ':' + event.lineno + ':' + event.colno
          )
      } catch (e) {
        lose()
      }
    },
    true
  )
  w.addEventListener('unhandledrejection', function (event) {
    try {
      var reason = event.reason
      add('rejection', '' + ((reason && reason.message) || reason), '', reason && reason.stack)
    } catch (e) {
      lose()
    }
  })
  w.addEventListener(
    'visibilitychange',
    function () {
      if (d.visibilityState == 'hidden') {
        // The first time only (web-vitals' first hidden time): Infinity until then.
        if (view.hidden > perf.now()) view.hidden = perf.now()
        report()
      }
    },
    true
  )
  /**
   * The page is being left (beforeunload, which comes before the navigation cuts its loads off): loads that
   * fail from now on were cut off. A beforeunload that leaves nothing (a prompt, the app's own link) is
   * forgotten a second later.
   */
  var leaving = 0
  w.addEventListener(
    'beforeunload',
    function () {
      leaving = 1
      setTimeout(function () {
        leaving = 0
      }, 1000)
    },
    true
  )
  w.addEventListener('pagehide', report, true)
  // WebKit fires no pagehide (nor visibilitychange) for a page left before its load event: beforeunload says
  // it, until then only (after it, pagehide does, and a beforeunload also comes for a navigation that leaves
  // nothing: the app's link, a leave guard's prompt). To the reporter, if it has the queue, it ends the view too.
  function unload() {
    if (w[QUEUE] == queue) report()
    else if (w[VIEW] == view) w[QUEUE].push({ type: 'hidden' })
  }
  w.addEventListener('beforeunload', unload, true)
  w.addEventListener('load', function () {
    w.removeEventListener('beforeunload', unload, true)
  })
  // Back from the back-forward cache: a new view, whoever reports it (registered before the reporter's listener, so it runs first).
  w.addEventListener(
    'pageshow',
    function (event) {
      leaving = 0
      if (!event.persisted) return
      view.view = newId()
      view.seq = 0
      view.nav = 'restore'
      view.start = perf.now()
      // It comes back as it was left.
      view.ready = view.ready === null ? null : 0
      kinds = {}
      queue.length = 0
      dirty = 1
    },
    true
  )

  w[STARTER] = function () {
    function idle() {
      // Without requestIdleCallback (Safari), setTimeout with that object for a delay runs at once.
      ;(w.requestIdleCallback || setTimeout)(load, { timeout: IDLE_MS })
    }
    if (d.readyState == 'complete') idle()
    else w.addEventListener('load', idle)
  }
  setTimeout(load, CAP_MS)
  // WebKit fires nothing at all for a page left before its <body> is parsed (beforeunload needs a body,
  // pagehide the load event): there (every iOS browser and WebView), the view is reported once as it
  // starts, never ready so far, and its later reports (a higher seq) tell the rest. Blink fires pagehide
  // then.
  var ua = navigator.userAgent
  if (/AppleWebKit/.test(ua) && !/Chrom/.test(ua)) report()
})(window, document, performance)
