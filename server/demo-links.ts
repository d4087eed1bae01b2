/**
 * The demo pages `npm start` prints, from the pages' own descriptors (each `pages/<route>/page.ts`
 * lists its demo links; the build writes them into `dist/pages-manifest.json`). The same list is what the
 * browser test opens (tests/e2e/smoke.test.ts) and, one link per page, what the bench loads, so a
 * printed link that stops loading its data fails the build.
 *
 * A page names demo data by a placeholder, `{DEMO_FOLDERS.collection}`, which is resolved here from the
 * seed (seed/demo.ts): pages/ and shared/ never import server/, and the server never imports them;
 * the manifest is the one thing both sides read.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_FOLDERS, DEMO_SHARES, DEMO_TOKENS } from './seed/demo'

/** What proves a link loaded its data: a text on screen, or a form field's value (by its label). */
export type DemoProof = string | { field: string; value: string }

export interface DemoLink {
  /** The route path of the page (`/generate_book/list`). */
  route: string
  label: string
  /** Path and query, from the server's origin, placeholders resolved. */
  path: string
  /** App-only: the printed link turns on the fake host (`fakeHost=app`). */
  inApp: boolean
  proof: DemoProof
  /** The link the bench opens the page with. */
  bench: boolean
  /** What the bench's slow profile taps once the page is ready (page.ts `tap`). */
  tap?: { role: string; name: string }
}

export interface DemoLinkGroup {
  heading: string
  links: DemoLink[]
}

/** What this module reads of the manifest's `pages` (scripts/delivery/manifest.ts, PageInfo). */
interface PageDemo {
  aliases?: string[]
  demoLinks: {
    label: string
    query?: string
    fixture: 'browser' | 'app'
    proof: DemoProof
    bench?: boolean
    tap?: { role: string; name: string }
  }[]
}

/** The demo data a placeholder may name. */
const DEMO_DATA: Record<string, Readonly<Record<string, string | number>>> = { DEMO_FOLDERS, DEMO_SHARES, DEMO_TOKENS }

/** `query` with each `{DEMO_X.name}` replaced by its value; throws on a name the seed does not have. */
export function resolveDemoQuery(query: string): string {
  return query.replace(/\{([A-Z_]+)\.(\w+)\}/g, (placeholder, group: string, name: string) => {
    const value = Object.hasOwn(DEMO_DATA, group) && Object.hasOwn(DEMO_DATA[group]!, name) ? DEMO_DATA[group]![name] : undefined
    if (value === undefined) throw new Error(`unknown demo placeholder ${placeholder} (server/seed/demo.ts has none)`)
    return encodeURIComponent(String(value))
  })
}

/** The pages' descriptors in the build at `distDir`, by route path; empty when there is no build. */
export function readPages(distDir: string): Record<string, PageDemo> {
  const file = join(distDir, 'pages-manifest.json')
  if (!existsSync(file)) return {}
  const { pages } = JSON.parse(readFileSync(file, 'utf8')) as { pages?: Record<string, PageDemo> }
  return pages ?? {}
}

/** Every demo link of the build at `distDir`, page by page (the bench link of a page is its marked one, else its first). */
export function demoLinks(distDir: string): DemoLink[] {
  return Object.entries(readPages(distDir)).flatMap(([route, page]) => {
    const benchAt = Math.max(
      0,
      page.demoLinks.findIndex((link) => link.bench),
    )
    return page.demoLinks.map((link, i) => {
      const query = link.query ? resolveDemoQuery(link.query) : ''
      return {
        route,
        label: link.label,
        path: `${route}${query ? `?${query}` : ''}`,
        inApp: link.fixture === 'app',
        proof: link.proof,
        bench: i === benchAt,
        ...(link.tap ? { tap: link.tap } : {}),
      }
    })
  })
}

/**
 * The links `npm start` prints: those that work in any browser first, then every page in the app, each
 * link whole (a browser link again with the fake host on, unless an app link already opens that address).
 * Without the fake host there is no app group: an app page cannot load its data in a browser.
 */
export function demoLinkGroups(distDir: string, { fakeHost = true }: { fakeHost?: boolean } = {}): DemoLinkGroup[] {
  const links = demoLinks(distDir)
  const inApp = links.filter((l) => l.inApp)
  const asInApp = links.filter((l) => !l.inApp && !inApp.some((a) => a.path === l.path)).map((l) => ({ ...l, inApp: true }))
  return [
    { heading: 'In any browser:', links: links.filter((l) => !l.inApp) },
    {
      heading: 'In the app (the fake host signs you in as the VIP demo user; ?fakeHost=off turns it off):',
      links: fakeHost ? [...asInApp, ...inApp] : [],
    },
  ].filter((group) => group.links.length > 0)
}

/** The printed address of `link` on the server at `base`. */
export function demoLinkUrl(base: string, link: Pick<DemoLink, 'path' | 'inApp'>): string {
  if (!link.inApp) return base + link.path
  return `${base}${link.path}${link.path.includes('?') ? '&' : '?'}fakeHost=app`
}
