/**
 * What the bench measures inside the page. `collectMetrics` runs as an init script before any page
 * code (so it must be self-contained): it buffers LCP candidates with a description of their element,
 * long tasks, an optional "ready" moment, and frame times while a gesture is recorded.
 * `readLoad` then reads one load's figures.
 */
import type { Page } from 'playwright-core'

/** "Ready" = `count` buttons whose accessible name equals (or starts with, `prefix`) `name` are on screen. */
export interface ReadyProbe {
  name: string
  prefix?: boolean
  count?: number
}

interface Lcp {
  t: number
  size: number
  el: string
  /** The image's URL ('' for text). */
  url: string
}

interface BenchState {
  lcp: Lcp[]
  longTasks: { start: number; duration: number }[]
  /** When the ready probe first matched, and when the main thread next answered within 50 ms. */
  ready: { seen: number; interactive: number | null } | null
  frames: number[] | null
}

/** The init script. Runs in the page: only browser globals, nothing captured from Node. */
export function collectMetrics(ready: ReadyProbe | null): void {
  const state: BenchState = { lcp: [], longTasks: [], ready: null, frames: null }
  ;(window as unknown as { __bench: BenchState }).__bench = state
  performance.setResourceTimingBufferSize(2000)
  const describe = (el: Element | null, url: string): string => {
    if (!el) return url ? `(removed) ${url}` : '(removed)'
    const tag = el.tagName.toLowerCase()
    // CSS-module classes (`_heroImage_1hmmh_12`) without their hash.
    const first = typeof el.className === 'string' ? (el.className.trim().split(/\s+/)[0] ?? '') : ''
    const cls = first ? `.${first.replace(/^_(.+)_[a-z0-9]{5}_\d+$/i, '$1')}` : ''
    const source = url.startsWith('data:') ? ' (inline data: image)' : url ? ` ${new URL(url, location.href).pathname}` : ''
    const text = url ? source : ` "${(el.textContent ?? '').trim().slice(0, 16)}"`
    return `${tag}${cls}${text}`
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null; url: string })[]) {
      state.lcp.push({ t: e.startTime, size: e.size, el: describe(e.element, e.url), url: e.url })
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration })
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // no longtask support: the figure is left out
  }
  const nameOf = (b: Element) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()
  const matches = (probe: ReadyProbe) => {
    let n = 0
    for (const b of document.querySelectorAll('button')) {
      const name = nameOf(b)
      if (probe.prefix ? name.startsWith(probe.name) : name === probe.name) n++
    }
    return n >= (probe.count ?? 1)
  }
  // Responsive = a zero-delay task runs within 50 ms: a tap now would be handled at once.
  const probeResponsive = () => {
    const at = performance.now()
    setTimeout(() => {
      if (performance.now() - at < 50) state.ready!.interactive = performance.now()
      else probeResponsive()
    }, 0)
  }
  let last = 0
  const frame = (now: number) => {
    if (state.frames && last) state.frames.push(now - last)
    last = now
    if (ready && !state.ready && document.body && matches(ready)) {
      state.ready = { seen: performance.now(), interactive: null }
      probeResponsive()
    }
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

/**
 * One request on the way to the largest paint, from Resource Timing: when the page asked for it, how long
 * it waited for a connection (HTTP/1.1 allows 6 per host), and how long the answer took from being sent
 * to its last byte (the emulated latency runs from the send, so a server quicker than one RTT is hidden).
 */
export interface CriticalRequest {
  start: number
  wait: number
  time: number
  end: number
}

/** The path to a largest paint that is a picture fetched from the network (issue 18's share cover). */
export interface CriticalPath {
  /** The page's first API request, if it made one. */
  api: CriticalRequest | null
  /** The request of the picture that was the largest paint. */
  image: CriticalRequest
}

/** One page load's figures (times in ms from navigation start, sizes in bytes as transferred). */
export interface LoadFigures {
  ttfb: number
  fcp: number | null
  lcp: number | null
  lcpElement: string
  jsBytes: number
  cssBytes: number
  requests: number
  apiRequests: number
  longTasksMs: number
  ready: { seen: number; interactive: number | null } | null
  /** Set when the largest paint is a picture with a Resource Timing entry. */
  critical?: CriticalPath | null
}

/** Reads the figures of the load in `page` (call once the network is quiet). */
export function readLoad(page: Page): Promise<LoadFigures> {
  return page.evaluate(() => {
    const state = (window as unknown as { __bench: BenchState }).__bench
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]
    const lcp = state.lcp.at(-1)
    let jsBytes = 0
    let cssBytes = 0
    let apiRequests = 0
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    // The largest paint's picture and the first API request, for the path to that paint.
    const lcpHref = lcp?.url ? new URL(lcp.url, location.href).href : null
    let imageEntry: PerformanceResourceTiming | undefined
    let apiEntry: PerformanceResourceTiming | undefined
    for (const r of resources) {
      const path = new URL(r.name).pathname
      if (path.endsWith('.js')) jsBytes += r.encodedBodySize
      else if (path.endsWith('.css')) cssBytes += r.encodedBodySize
      if (path.startsWith('/v1/')) {
        apiRequests++
        apiEntry ??= r
      }
      if (r.name === lcpHref) imageEntry ??= r
    }
    // Inline callbacks only: a named function here would get tsx's `__name(...)`, which the page lacks.
    const [image, api] = [imageEntry, apiEntry].map((r) =>
      r && r.requestStart > 0
        ? { start: r.startTime, wait: r.requestStart - r.startTime, time: r.responseEnd - r.requestStart, end: r.responseEnd }
        : null,
    )
    return {
      // Chromium's emulated latency holds back the body, not the headers: responseStart comes before
      // the throttling. The document is a few KB, so its responseEnd is the honest first byte.
      ttfb: nav ? nav.responseEnd : 0,
      fcp: fcp ? fcp.startTime : null,
      lcp: lcp ? lcp.t : null,
      lcpElement: lcp ? lcp.el : '',
      jsBytes,
      cssBytes,
      requests: resources.length + 1,
      apiRequests,
      longTasksMs: state.longTasks.reduce((sum, t) => sum + t.duration, 0),
      ready: state.ready,
      critical: image ? { api: api ?? null, image } : null,
    }
  })
}

/** Starts recording frame times (rAF deltas). */
export function startFrames(page: Page): Promise<void> {
  return page.evaluate(() => {
    ;(window as unknown as { __bench: BenchState }).__bench.frames = []
  })
}

/** Stops recording and returns the frame times in ms. */
export function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const state = (window as unknown as { __bench: BenchState }).__bench
    const frames = state.frames ?? []
    state.frames = null
    return frames
  })
}
