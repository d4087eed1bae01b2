/**
 * What the bench loads: every page of the build (its descriptor in dist/pages-manifest.json, so a new
 * page joins on its own), opened the way a user reaches it: the page's bench demo link (its page.ts
 * `demoLinks`, the one marked `bench`, else the first), in a phone browser or in the app.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { demoLinks } from '../../server/demo-links.ts'
import { FLOOR_BASE } from './floor.ts'
import type { ProofProbe } from './page-probe.ts'
import type { Fixture } from './phone.ts'

/**
 * `data`: a page whose first view needs the API (its HTML starts the early requests); `static`: the
 * other pages; `reference`: the floor and the limit pages.
 */
export type TargetKind = 'data' | 'static' | 'reference'

export interface Target {
  /** Route path (`/`, `/recorded_share`), `floor`, `limit-html` or `limit-fetch`. */
  name: string
  /** Path and query to open. */
  url: string
  fixture: Fixture
  /** Goals of issue 7: the share page gets more room for LCP and JS. */
  goals: { fcp: number; lcp: number; jsRatio: number }
  /** What shows the page is ready (its demo link's proof). */
  proof: ProofProbe | null
  kind: TargetKind
  /**
   * A share page: its first request preloads the picture its reply names (`preloadImage` in its
   * descriptor's `firstRequests`), so its cover paints from that reply. Issue 7 gives it more room (LCP
   * ≤ 1.6 s, JS ≤ 1.9x the floor; other pages 1.2 s and 1.6x); issues 18 and 31 compare it with the limits.
   */
  share: boolean
  /** Its descriptor's `signedIn`: in a phone browser it shows the open-in-app screen. */
  signedIn: boolean
  /** What the slow profile taps once the page is ready (its bench demo link's `tap`), or null. */
  tap: { role: string; name: string } | null
}

/**
 * The two pages whose second open must halve its LCP (issue 18) and that the bench films every 300 ms
 * (issue 31): the share cover and the folder list. Goals name them; everything else comes from the manifest.
 */
export const SPOTLIGHT_ROUTES: ReadonlySet<string> = new Set(['/recorded_share', '/generate_book/list'])

/** The name of the registry the inline early-request script fills (shared/http/prefetch.ts PREFETCH_GLOBAL). */
const EARLY_REQUESTS = '__kidsPrefetch'

/** What the bench reads of a descriptor in dist/pages-manifest.json (scripts/delivery/manifest.ts). */
interface Descriptor {
  signedIn?: boolean
  firstRequests?: { preloadImage?: string }[]
}

function readDescriptors(distDir: string): Record<string, Descriptor> {
  const file = join(distDir, 'pages-manifest.json')
  if (!existsSync(file)) return {}
  return (JSON.parse(readFileSync(file, 'utf8')) as { pages: Record<string, Descriptor> }).pages
}

/** Whether the built HTML of `route` starts the page's first API requests (a data page). */
function startsRequests(distDir: string, route: string): boolean {
  const file = join(distDir, route.slice(1), 'index.html')
  return existsSync(file) && readFileSync(file, 'utf8').includes(EARLY_REQUESTS)
}

/** The floor page and every page of the build in `distDir`. */
export function benchTargets(distDir: string): Target[] {
  const floor: Target = {
    name: 'floor',
    url: FLOOR_BASE,
    fixture: 'browser',
    goals: { fcp: 600, lcp: 1200, jsRatio: 1 },
    proof: 'floor',
    kind: 'reference',
    share: false,
    signedIn: false,
    tap: null,
  }
  const descriptors = readDescriptors(distDir)
  return [
    floor,
    ...demoLinks(distDir)
      .filter((link) => link.bench)
      .map((link): Target => {
        const descriptor = descriptors[link.route] ?? {}
        const share = (descriptor.firstRequests ?? []).some((request) => Boolean(request.preloadImage))
        return {
          name: link.route,
          url: link.path,
          fixture: link.inApp ? 'app' : 'browser',
          goals: { fcp: 600, lcp: share ? 1600 : 1200, jsRatio: share ? 1.9 : 1.6 },
          proof: link.proof,
          kind: startsRequests(distDir, link.route) ? 'data' : 'static',
          share,
          signedIn: descriptor.signedIn === true,
          tap: link.tap ?? null,
        }
      }),
  ]
}
