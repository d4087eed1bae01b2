/**
 * The rollout document (docs/rollout.md, docs/contracts/api.md "Page releases for the app"): per route, the
 * stable release every device gets and an optional canary release with its share of app devices, each with
 * the immutable URL of its HTML and its package (every file the page loads: path, size, SHA-256).
 *
 * The deploy writes it as `rollout.json` beside the pages, signed (./signature.ts); the app (the reference
 * host, scripts/app-host/) verifies it before it reads it. `parseRolloutDocument` is strict: anything the
 * app could misread (an unknown field, a share of 0, a path that climbs out of the site) is refused whole.
 * No DOM, no Node: both sides import it.
 */

/** The document's file name at the target's root. */
export const ROLLOUT_FILE = 'rollout.json'
/** Where every page release's HTML stays, immutable: `_releases/<route name>/<release>.html`. */
export const RELEASES_DIR = '_releases'
/** The document's format; a newer one is refused by an older app (which keeps its last good one). */
export const ROLLOUT_VERSION = 1

/** One file of a package: a path from the site's root (`assets/home-Cx1.js`), its size and SHA-256 (hex). */
export interface PackageFile {
  path: string
  size: number
  sha256: string
}

/** A release of one page as the app gets it. */
export interface ReleaseRef {
  /** The page's release id (12 hex: `<meta name="kids-release">`, the manifest's `release`). */
  release: string
  /** Its HTML's immutable path from the site's root: `_releases/price_up/0123456789ab.html`. */
  html: string
  /** The lowest app version (`x.y.z`, docs/contracts/user-agent.md) that may open it from its package. */
  minAppVersion: string
  /** Every file the page loads, its HTML first (at `html`), then the manifest's assets, lazy ones included. */
  files: PackageFile[]
}

/** A canary: a release and the share of app devices (1–100 %) that get it. */
export interface CanaryRef extends ReleaseRef {
  share: number
}

export interface RouteRollout {
  stable: ReleaseRef
  canary?: CanaryRef
}

export interface RolloutDocument {
  version: typeof ROLLOUT_VERSION
  /** Grows by one with every document a target gets: an app never takes one lower than its last good one. */
  serial: number
  /** When the deploy signed it (ISO 8601, UTC). */
  issuedAt: string
  /** Keyed by the route's URL path (`/`, `/price_up`), sorted. */
  routes: Record<string, RouteRollout>
}

/** The immutable path of a page release's HTML. */
export function releaseHtmlPath(routeName: string, release: string): string {
  return `${RELEASES_DIR}/${routeName}/${release}.html`
}

const RELEASE = /^[0-9a-f]{12}$/
const SHA256 = /^[0-9a-f]{64}$/
const VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/
const ROUTE = /^\/(?:[a-z0-9_-]+(?:\/[a-z0-9_-]+)*)?$/
/** A relative path inside the site: no `..`, no empty part, no backslash, no query or fragment. */
const SITE_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/
const MAX_FILES = 500
const MAX_FILE_BYTES = 50 * 1024 * 1024

/** Why a document was refused, for a log line. */
export class RolloutFormatError extends Error {
  override name = 'RolloutFormatError'
}

type Json = Record<string, unknown>

function object(value: unknown, at: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RolloutFormatError(`${at}: not an object`)
  return value as Json
}

function only(value: Json, keys: readonly string[], at: string): void {
  const extra = Object.keys(value).filter((k) => !keys.includes(k))
  if (extra.length) throw new RolloutFormatError(`${at}: unknown field ${extra.join(', ')}`)
}

function text(value: unknown, pattern: RegExp, at: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw new RolloutFormatError(`${at}: not a valid value`)
  return value
}

function integer(value: unknown, min: number, max: number, at: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RolloutFormatError(`${at}: not an integer in ${min}–${max}`)
  }
  return value
}

function parseRelease(value: unknown, at: string, canary: boolean): ReleaseRef | CanaryRef {
  const o = object(value, at)
  only(o, canary ? ['release', 'html', 'minAppVersion', 'files', 'share'] : ['release', 'html', 'minAppVersion', 'files'], at)
  const release = text(o.release, RELEASE, `${at}.release`)
  const html = text(o.html, SITE_PATH, `${at}.html`)
  if (!html.startsWith(`${RELEASES_DIR}/`) || !html.endsWith(`/${release}.html`)) {
    throw new RolloutFormatError(`${at}.html: not the immutable path of release ${release}`)
  }
  const minAppVersion = text(o.minAppVersion, VERSION, `${at}.minAppVersion`)
  if (!Array.isArray(o.files) || o.files.length === 0 || o.files.length > MAX_FILES) {
    throw new RolloutFormatError(`${at}.files: not a list of 1–${MAX_FILES} files`)
  }
  const seen = new Set<string>()
  const files = o.files.map((f, i) => {
    const fo = object(f, `${at}.files[${i}]`)
    only(fo, ['path', 'size', 'sha256'], `${at}.files[${i}]`)
    const path = text(fo.path, SITE_PATH, `${at}.files[${i}].path`)
    if (seen.has(path)) throw new RolloutFormatError(`${at}.files[${i}].path: listed twice`)
    seen.add(path)
    return {
      path,
      size: integer(fo.size, 0, MAX_FILE_BYTES, `${at}.files[${i}].size`),
      sha256: text(fo.sha256, SHA256, `${at}.files[${i}].sha256`),
    }
  })
  if (files[0]!.path !== html) throw new RolloutFormatError(`${at}.files: the first file is not the HTML`)
  const ref: ReleaseRef = { release, html, minAppVersion, files }
  return canary ? { ...ref, share: integer(o.share, 1, 100, `${at}.share`) } : ref
}

/** Reads a document's JSON text, refusing anything not exactly of this format (RolloutFormatError). */
export function parseRolloutDocument(json: string): RolloutDocument {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    throw new RolloutFormatError('document: not JSON')
  }
  const o = object(value, 'document')
  only(o, ['version', 'serial', 'issuedAt', 'routes'], 'document')
  if (o.version !== ROLLOUT_VERSION) throw new RolloutFormatError(`document.version: not ${ROLLOUT_VERSION}`)
  const serial = integer(o.serial, 1, Number.MAX_SAFE_INTEGER, 'document.serial')
  const issuedAt = text(o.issuedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z$/, 'document.issuedAt')
  const routesIn = object(o.routes, 'document.routes')
  const routes: Record<string, RouteRollout> = {}
  for (const [route, entry] of Object.entries(routesIn)) {
    const at = `document.routes[${JSON.stringify(route)}]`
    text(route, ROUTE, at)
    const r = object(entry, at)
    only(r, ['stable', 'canary'], at)
    const stable = parseRelease(r.stable, `${at}.stable`, false)
    const canary = r.canary === undefined ? undefined : (parseRelease(r.canary, `${at}.canary`, true) as CanaryRef)
    if (canary && canary.release === stable.release) throw new RolloutFormatError(`${at}.canary: the same release as stable`)
    routes[route] = canary ? { stable, canary } : { stable }
  }
  return { version: ROLLOUT_VERSION, serial, issuedAt, routes }
}

/** The document as the deploy writes it: keys in a fixed order, routes sorted (the same document, the same bytes). */
export function stringifyRolloutDocument(doc: RolloutDocument): string {
  const release = (r: ReleaseRef | CanaryRef) => ({
    release: r.release,
    html: r.html,
    minAppVersion: r.minAppVersion,
    files: r.files.map((f) => ({ path: f.path, size: f.size, sha256: f.sha256 })),
    ...('share' in r ? { share: r.share } : {}),
  })
  const routes = Object.fromEntries(
    Object.keys(doc.routes)
      .sort()
      .map((route) => {
        const r = doc.routes[route]!
        return [route, r.canary ? { stable: release(r.stable), canary: release(r.canary) } : { stable: release(r.stable) }]
      }),
  )
  return JSON.stringify({ version: doc.version, serial: doc.serial, issuedAt: doc.issuedAt, routes })
}
