/**
 * The pages manifest: for every route, its HTML file and every file that page loads, each with the
 * sha256 of its bytes and its size. Written into dist/ by the build (scripts/build/pages-manifest.ts) and kept
 * with every release in a deploy target (scripts/delivery/releases/records.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { DeliveryError } from './errors.ts'

/** The file name of the manifest in a build output directory. */
export const MANIFEST_FILE = 'pages-manifest.json'

/** One file a page loads (or, for `other`, a file of the build no page loads). */
export interface AssetRef {
  /** Path relative to the output directory, `/`-separated: `assets/home-Cx1.js`. */
  file: string
  /** sha256 of the bytes, lowercase hex. */
  sha256: string
  size: number
  /** Loaded only through a dynamic import; it must still be deployed with its page. */
  lazy?: true
}

/** One route: what a request for `path` serves and everything that page loads. */
export interface RouteEntry {
  /** The URL path: `/`, `/price_up`, `/generate_book/list`. */
  path: string
  /** The name `--pages` takes: the page folder (`home`, `generate_book/list`) or the alias (`wechat`). */
  name: string
  html: { file: string; sha256: string; size: number }
  /** Set when this route serves a copy of another route's page (`/wechat` shows `/`). */
  aliasOf?: string
  /**
   * The page's release: 12 hex of its HTML (without the meta) and every file it loads, also in its HTML as
   * `<meta name="kids-release">` (scripts/build/release-id.ts). Absent in manifests of older builds.
   */
  release?: string
  /** Sorted by file; static imports, CSS and media first-class, dynamic-import chunks marked `lazy`. */
  assets: AssetRef[]
}

/**
 * A page's descriptor (`pages/<route>/page.ts`, shared/app/define-page.ts) as JSON: what the prerender,
 * the bench, the demo links of `npm start` and the smoke test read.
 */
export interface PageInfo {
  title: string
  /** Query parameter → how the page reads it, the prerender's probe value, whether every real link has it. */
  params: Record<string, { kind: string; probe: string; required: boolean }>
  /** The GETs its HTML starts early, as sent for the probe values of every parameter. */
  firstRequests: { path: string; params?: Record<string, string | number>; preloadImage?: string; preloadLazy?: boolean; keep?: boolean }[]
  signedIn: boolean
  /** Queries may name demo data by placeholder (`id={DEMO_FOLDERS.collection}`), resolved by the server (server/demo-links.ts). */
  demoLinks: {
    label: string
    query?: string
    fixture: 'browser' | 'app'
    proof: string | { field: string; value: string }
    bench?: boolean
    /** The control the bench's slow profile taps once the page is ready. */
    tap?: { role: string; name: string }
  }[]
  aliases: string[]
  /** The page's own `<meta name="description">` (else the brand's). */
  description?: string
  /** The page's weight limits in gzipped bytes (scripts/build/budgets.ts). */
  budget?: { js?: number; css?: number; html?: number; lazy?: number; forbid?: string[] }
  /**
   * Its HTML draws the first screen before React (issue 31: the `first-screen` inline script, from its
   * first-screen.tsx). Set by the build from the HTML it wrote; the equivalence and browser tests take
   * their pages from it.
   */
  firstScreen?: boolean
}

export interface PagesManifest {
  version: 1
  /** Keyed by `path`, sorted. */
  routes: Record<string, RouteEntry>
  /** Each page's descriptor, keyed by the path of its route (`/`, `/generate_book/list`; no alias). */
  pages?: Record<string, PageInfo>
  /** Files of the build that no route loads (e.g. robots.txt from public/). Deployed by full deploys only. */
  other: AssetRef[]
}

/** An empty manifest: the state of a deploy target before its first release. */
export function emptyManifest(): PagesManifest {
  return { version: 1, routes: {}, other: [] }
}

/**
 * Reads a manifest from a manifest file, a build output directory (`dist/pages-manifest.json`), or a
 * deploy target (the manifest of its current release).
 */
export function loadManifest(pathOrDir: string): PagesManifest {
  let file = pathOrDir
  if (existsSync(pathOrDir) && statSync(pathOrDir).isDirectory()) {
    const current = join(pathOrDir, '.releases', 'current')
    file = existsSync(current)
      ? join(pathOrDir, '.releases', readFileSync(current, 'utf8').trim(), MANIFEST_FILE)
      : join(pathOrDir, MANIFEST_FILE)
  }
  if (!existsSync(file)) throw new DeliveryError(`no pages manifest at ${file} (run npm run build first)`)
  return parseManifest(readFileSync(file, 'utf8'), file)
}

/** Parses and shape-checks manifest JSON; `source` names the file in error messages. */
export function parseManifest(json: string, source: string): PagesManifest {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch {
    throw new DeliveryError(`${source} is not JSON`)
  }
  const m = data as Partial<PagesManifest> | null
  if (!m || m.version !== 1 || typeof m.routes !== 'object' || m.routes === null || !Array.isArray(m.other)) {
    throw new DeliveryError(`${source} is not a version-1 pages manifest`)
  }
  for (const [path, route] of Object.entries(m.routes)) {
    if (
      route?.path !== path ||
      !isFileRef(route.html) ||
      !Array.isArray(route.assets) ||
      !route.assets.every(isFileRef) ||
      (route.release !== undefined && !/^[0-9a-f]{12}$/.test(route.release))
    ) {
      throw new DeliveryError(`${source}: route ${path} is malformed`)
    }
  }
  if (!m.other.every(isFileRef)) throw new DeliveryError(`${source}: "other" is malformed`)
  return m as PagesManifest
}

/**
 * A file entry whose path stays inside the directory it is joined to: relative, `/`-separated, no `..`,
 * and not in the release store (a hand-edited manifest must not make deploy write outside its files).
 */
function isFileRef(ref: unknown): boolean {
  const r = ref as Partial<AssetRef> | null
  if (!r || typeof r.file !== 'string' || !/^[0-9a-f]{64}$/.test(r.sha256 ?? '') || typeof r.size !== 'number') return false
  const parts = r.file.split('/')
  return !r.file.includes('\\') && parts[0] !== '.releases' && parts.every((part) => part !== '' && part !== '.' && part !== '..')
}

/** Serialises a manifest with routes sorted by path, so equal manifests are equal bytes. */
export function stringifyManifest(manifest: PagesManifest): string {
  const routes = Object.fromEntries(
    Object.keys(manifest.routes)
      .sort()
      .map((p) => [p, manifest.routes[p]!]),
  )
  const pages =
    manifest.pages &&
    Object.fromEntries(
      Object.keys(manifest.pages)
        .sort()
        .map((p) => [p, manifest.pages![p]!]),
    )
  return `${JSON.stringify({ version: 1, routes, other: manifest.other, ...(pages ? { pages } : {}) }, null, 2)}\n`
}
