/**
 * What the bench measures inside the page. `collectMetrics` runs as an init script before any page
 * code (so it must be self-contained): it buffers LCP candidates with a description of their element,
 * long tasks, an optional "ready" moment, and frame times while a gesture is recorded.
 * `readLoad` then reads one load's figures.
 */
import type { Page } from 'playwright-core'

/** "Interactive" (the scaling series) = `count` buttons whose accessible name equals (or starts with, `prefix`) `name` are on screen. */
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

/**
 * What proves a page shows its data (its page.ts demo link's `proof`): a text on screen, or a form field
 * (by its label) holding a value. The page is **ready** in the first frame in which the proof is visible
 * and nothing (a loading overlay) covers it.
 */
export type ProofProbe = string | { field: string; value: string }

/** A layout shift of the page, with the elements that moved (for finding what shifts). */
export interface Shift {
  t: number
  value: number
  nodes: string[]
}

interface BenchState {
  lcp: Lcp[]
  /** The rAF time of the first frame in which the proof was visible and uncovered. */
  uncoveredAt: number | null
  /** When the proof's text was first painted (Element Timing: the same presentation clock as FCP). */
  paintedAt: number | null
  /** Layout shifts without recent input. */
  shifts: Shift[]
  longTasks: { start: number; duration: number }[]
  /** When the ready probe first matched, and when the main thread next answered within 50 ms. */
  ready: { seen: number; interactive: number | null } | null
  frames: number[] | null
}

/** The init script. Runs in the page: only browser globals, nothing captured from Node. */
export function collectMetrics(ready: ReadyProbe | null, proof: ProofProbe | null): void {
  const state: BenchState = { lcp: [], uncoveredAt: null, paintedAt: null, shifts: [], longTasks: [], ready: null, frames: null }
  ;(window as unknown as { __bench: BenchState }).__bench = state
  performance.setResourceTimingBufferSize(2000)
  // The first 16 characters of an element's text, without reading all of it (a largest paint may be #root).
  const firstText = (el: Element): string => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    let text = ''
    for (let node = walker.nextNode(); node && text.trim().length < 16; node = walker.nextNode()) text += node.nodeValue ?? ''
    return text.trim().slice(0, 16)
  }
  const describe = (el: Element | null, url: string): string => {
    if (!el) return url ? `(removed) ${url}` : '(removed)'
    const tag = el.tagName.toLowerCase()
    // CSS-module classes (`_heroImage_1hmmh_12`) without their hash.
    const first = typeof el.className === 'string' ? (el.className.trim().split(/\s+/)[0] ?? '') : ''
    const cls = first ? `.${first.replace(/^_(.+)_[a-z0-9]{5}_\d+$/i, '$1')}` : ''
    const source = url.startsWith('data:') ? ' (inline data: image)' : url ? ` ${new URL(url, location.href).pathname}` : ''
    const text = url ? source : ` "${firstText(el)}"`
    return `${tag}${cls}${text}`
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null; url: string })[]) {
      state.lcp.push({ t: e.startTime, size: e.size, el: describe(e.element, e.url), url: e.url })
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources?: { node: Node | null }[]
    })[]) {
      if (e.hadRecentInput) continue
      const nodes = (e.sources ?? []).map((s) => (s.node instanceof Element ? describe(s.node, '') : s.node ? '#text' : '(removed)'))
      state.shifts.push({ t: e.startTime, value: e.value, nodes })
    }
  }).observe({ type: 'layout-shift', buffered: true })
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
  // The deepest element whose text holds the proof (scripts and templates are not on screen), or the
  // field labelled `field` holding `value` (then its label, whose text paints with it).
  const SKIP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'HEAD'])
  const findProof = (p: ProofProbe): { el: Element; text: Element } | null => {
    if (!document.body) return null
    if (typeof p !== 'string') {
      for (const label of document.querySelectorAll('label')) {
        const control = label.control as HTMLInputElement | null
        if ((label.textContent ?? '').trim().startsWith(p.field) && control && control.value === p.value)
          return { el: control, text: label }
      }
      return null
    }
    const holds = (el: Element) => !SKIP.has(el.tagName) && (el.textContent ?? '').includes(p)
    // From the top, never through <body>'s own text, which holds the HTML's inline scripts (30 KB on a
    // data page): the child that holds the proof, then its child that does, down to the deepest.
    let el: Element | undefined = [...document.body.children].find(holds)
    if (!el) return null
    for (let next = [...el.children].find(holds); next; next = [...el.children].find(holds)) el = next
    return { el, text: el }
  }
  // Whether a change may have brought the proof: its text in what was added or changed (a field's value
  // is looked for on every change). Cheap against the whole document, which the search then reads once.
  const mayHold = (p: ProofProbe, records: MutationRecord[]): boolean => {
    if (typeof p !== 'string') return true
    for (const record of records) {
      const nodes = record.type === 'characterData' ? [record.target] : [...record.addedNodes]
      for (const node of nodes) {
        // A text node (one the parser is still filling, or one whose text changed): its element's whole text counts.
        const el = node instanceof Element ? node : node.parentElement
        if (el && !SKIP.has(el.tagName) && (el.textContent ?? '').includes(p)) return true
      }
    }
    return false
  }
  // On screen, laid out, and the element at its centre is itself (or inside it): no overlay over it.
  const uncovered = (el: Element): boolean => {
    const r = el.getBoundingClientRect()
    if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight) return false
    const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1)
    const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1)
    const hit = document.elementFromPoint(x, y)
    return hit !== null && (el.contains(hit) || hit.contains(el))
  }
  // The proof's paint time: Element Timing reports a text's paint on the block that lays it out (its
  // "aggregating" element), so the attribute goes on the proof's nearest block and everything inside it.
  // Tagged as the DOM changes (a mutation callback runs before the next paint), every copy of the proof
  // (the HTML's, then React's): the first one painted counts.
  const TAG = 'bench-proof'
  const tag = (el: Element) => {
    let block: Element = el
    while (block.parentElement && block !== document.body && getComputedStyle(block).display.startsWith('inline'))
      block = block.parentElement
    for (const node of [block, ...block.querySelectorAll('*')])
      if (!node.hasAttribute('elementtiming')) node.setAttribute('elementtiming', TAG)
  }
  let current: Element | null = null
  if (proof) {
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number; loadTime: number })[]) {
          if (e.identifier !== TAG) continue
          const t = e.renderTime || e.loadTime
          if (t && (state.paintedAt === null || t < state.paintedAt)) state.paintedAt = t
        }
      }).observe({ type: 'element', buffered: true })
    } catch {
      // no Element Timing: ready is the rAF time alone
    }
    let tagged: Element | null = null
    const watcher = new MutationObserver((records) => {
      // Its first paint is known: the copies drawn after it do not count (and the page is left alone).
      if (state.paintedAt !== null) return watcher.disconnect()
      if (!mayHold(proof, records)) return
      const found = findProof(proof)
      if (found) {
        current = found.el
        if (found.text !== tagged) {
          tagged = found.text
          tag(found.text)
        }
      }
    })
    watcher.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['value'] })
  }
  let last = 0
  const frame = (now: number) => {
    if (state.frames && last) state.frames.push(now - last)
    last = now
    // The proof the watcher last found, searched again only once it has left the document (React's copy
    // replacing the HTML's).
    if (proof && state.uncoveredAt === null && current) {
      if (!current.isConnected) current = findProof(proof)?.el ?? null
      if (current && uncovered(current)) state.uncoveredAt = now
    }
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
  /**
   * Ready: the first frame in which the proof is visible and uncovered (null: never, or no proof): the
   * later of its first paint (Element Timing, the clock of FCP) and the first frame (rAF) in which nothing
   * covers it.
   */
  shown: number | null
  /** Cumulative layout shift: the largest session window (shifts < 1 s apart, at most 5 s), as Chrome reports CLS. */
  cls: number
  /** The largest shifts, with what moved (up to 3). */
  shifts: Shift[]
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
      shown: state.uncoveredAt === null ? null : Math.max(state.uncoveredAt, state.paintedAt ?? 0),
      cls: (() => {
        let best = 0
        let window = 0
        let first = -Infinity
        let previous = -Infinity
        for (const shift of state.shifts) {
          if (shift.t - previous < 1000 && shift.t - first < 5000) window += shift.value
          else {
            window = shift.value
            first = shift.t
          }
          previous = shift.t
          best = Math.max(best, window)
        }
        return best
      })(),
      shifts: [...state.shifts].sort((a, b) => b.value - a.value).slice(0, 3),
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
