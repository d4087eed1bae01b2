/**
 * What the bench loads: every route the build has (scripts/routes.ts, so a new page joins on its own),
 * opened the way a user reaches it. Only the query a route needs and whether it runs in the app are
 * listed here; a route not listed opens bare, in a phone browser.
 */
import { discoverRoutes } from '../../scripts/routes.ts'
import { DEMO_FOLDERS, DEMO_SHARES } from '../../server/seed/demo.ts'
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

const OPEN_AS: Record<string, { query?: string; fixture?: Fixture }> = {
  recorded_share: { query: `r=${DEMO_SHARES.book}` },
  word_share: { query: `r=${DEMO_SHARES.words}` },
  space_upgrade: { fixture: 'app' },
  expand_space: { fixture: 'app' },
  'generate_book/list': { query: `id=${DEMO_FOLDERS.starterBooks}`, fixture: 'app' },
  'generate_book/create': { query: `id=${DEMO_FOLDERS.starterBooks}`, fixture: 'app' },
}

/** The share pages (issue 7: LCP ≤ 1.6 s and JS ≤ 1.9x the floor; other pages 1.2 s and 1.6x). */
export const SHARE_ROUTES = new Set(['recorded_share', 'word_share'])

/** The floor page and every route under `pagesDir`. */
export function benchTargets(pagesDir: string): Target[] {
  const floor: Target = { name: 'floor', url: FLOOR_BASE, fixture: 'browser', goals: { fcp: 600, lcp: 1200, jsRatio: 1 } }
  return [
    floor,
    ...discoverRoutes(pagesDir).map((route) => {
      const open = OPEN_AS[route] ?? {}
      const share = SHARE_ROUTES.has(route)
      return {
        name: `/${route}`,
        url: `/${route}${open.query ? `?${open.query}` : ''}`,
        fixture: open.fixture ?? 'browser',
        goals: { fcp: 600, lcp: share ? 1600 : 1200, jsRatio: share ? 1.9 : 1.6 },
      }
    }),
  ]
}
