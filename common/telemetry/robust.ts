/** TEMPORARY stand-in until the stats branch lands: sums the sources, sets nothing aside. */
import type { JudgedFigures } from './health'

export interface SourceFigures {
  views: number
  errorViews: number
  neverReadyViews: number
  ready: number[]
  lcp: number[]
}

export function judgeFigures(sources: SourceFigures[]): JudgedFigures {
  const add = (a: number[], b: number[]) => (a.length === 0 ? [...b] : a.map((x, i) => x + (b[i] ?? 0)))
  let views = 0
  let error = 0
  let neverReady = 0
  let ready: number[] = []
  let lcp: number[] = []
  for (const s of sources) {
    views += s.views
    error += s.errorViews
    neverReady += s.neverReadyViews
    ready = add(ready, s.ready)
    lcp = add(lcp, s.lcp)
  }
  return {
    sources: sources.length,
    error: { views, bad: error, setAside: [] },
    neverReady: { views, bad: neverReady, setAside: [] },
    ready: { histogram: ready, setAside: [] },
    lcp: { histogram: lcp, setAside: [] },
  }
}
