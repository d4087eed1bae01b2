/**
 * What the bench loads: every page of the build (its descriptor in dist/pages-manifest.json, so a new
 * page joins on its own), opened the way a user reaches it: the page's bench demo link (its page.ts
 * `demoLinks`, the one marked `bench`, else the first), in a phone browser or in the app.
 */
import { demoLinks } from '../../server/demo-links.ts'
import { FLOOR_BASE } from './floor.ts'
import type { Fixture } from './phone.ts'

export interface Target {
  /** Route path (`/`, `/recorded_share`) or `floor`. */
  name: string
  /** Path and query to open. */
  url: string
  fixture: Fixture
  /** Goals of issue 7: the share page gets more room for LCP and JS. */
  goals: { fcp: number; lcp: number; jsRatio: number }
}

/** The share pages (issue 7: LCP ≤ 1.6 s and JS ≤ 1.9x the floor; other pages 1.2 s and 1.6x). */
export const SHARE_ROUTES = new Set(['/recorded_share', '/word_share'])

/** The floor page and every page of the build in `distDir`. */
export function benchTargets(distDir: string): Target[] {
  const floor: Target = { name: 'floor', url: FLOOR_BASE, fixture: 'browser', goals: { fcp: 600, lcp: 1200, jsRatio: 1 } }
  return [
    floor,
    ...demoLinks(distDir)
      .filter((link) => link.bench)
      .map((link) => {
        const share = SHARE_ROUTES.has(link.route)
        return {
          name: link.route,
          url: link.path,
          fixture: link.inApp ? ('app' as const) : ('browser' as const),
          goals: { fcp: 600, lcp: share ? 1600 : 1200, jsRatio: share ? 1.9 : 1.6 },
        }
      }),
  ]
}
