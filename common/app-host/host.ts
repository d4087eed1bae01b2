/**
 * The reference host: what the native app does for in-app pages (docs/app-integration.md), in TypeScript
 * with WebCrypto so the tests' host and the native teams read the same steps. It fetches and verifies the
 * rollout document (common/rollout), keeps the last good one, puts the device in its cohort per route,
 * installs each chosen release's package (./packages.ts) and answers the WebView's requests from it.
 * Anything it cannot answer from a verified package it leaves to the network (`respond` → null).
 * No page imports it.
 */
import type { Cohort, Via } from '../telemetry/report.ts'
import { inCanary } from '../rollout/cohort.ts'
import { ROLLOUT_FILE, type ReleaseRef, type RolloutDocument } from '../rollout/document.ts'
import { importRolloutPublicKey, verifyRollout } from '../rollout/signature.ts'
import { contentTypeFor } from '../content-type.ts'
import { collectGarbage, downloadFile, installVersion, readFile, readVersions, type PageVersion } from './packages.ts'
import type { HostStorage } from './storage.ts'

export interface AppHostOptions {
  /** The pages' origin, as share links name it: `https://h5.example.com`. */
  siteUrl: string
  /** The rollout's public key: 32 raw bytes, base64 (docs/rollout.md "Keys"). */
  publicKey: string
  /** The app's own stable id of this install (never sent anywhere by the host: it only draws the cohort). */
  deviceId: string
  /** The app's version, `x.y.z` (the user agent's `version_…`). */
  appVersion: string
  storage: HostStorage
  fetch?: typeof fetch
  /** Per request to the site (the document, each file); 30 s. */
  timeoutMs?: number
  /**
   * Whether the phone has a network now (the platform's connectivity: NWPathMonitor, ConnectivityManager).
   * With none, a page whose chosen release is not installed yet opens from the newest version of it that
   * is (an older page beats the WebView's error page), and says which. Default: always.
   */
  online?: () => boolean
}

/** Which release of a route this device gets, from which cohort, and whether its package is installed. */
export interface Choice {
  release: string
  cohort: Cohort
  via: Via
}

/** What the WebView gets for a request the host answers itself. */
export interface HostResponse {
  status: 200
  headers: Record<string, string>
  body: Uint8Array<ArrayBuffer>
  /** The release and how it came, for a route's HTML (what `documentStartScript` then tells the page). */
  page?: Choice
}

export type RefreshResult =
  | { status: 'updated'; serial: number }
  | { status: 'unchanged'; serial: number }
  | { status: 'refused'; reason: string; serial: number | null }
  | { status: 'failed'; reason: string; serial: number | null }

export interface InstallResult {
  /** Routes whose chosen release is installed now (or already was). */
  installed: string[]
  /** Routes whose package was refused, with why; they load from the network. */
  refused: { route: string; reason: string }[]
  /** Routes left to the network on purpose: the app is older than the release needs. */
  tooOld: string[]
}

export interface AppHost {
  /** The pages' origin it answers for and downloads from. */
  readonly siteUrl: string
  /** Fetches `rollout.json`; a bad signature, a bad format or a lower serial is refused and the last good kept. */
  refresh(): Promise<RefreshResult>
  /** Downloads and verifies each chosen release's package; never throws for one page's failure. */
  install(): Promise<InstallResult>
  choice(route: string): Promise<Choice | null>
  /** The answer to a WebView request (`url` absolute), or null: let it load from the network. */
  respond(url: string): Promise<HostResponse | null>
  /** The script to run at document start of `route`'s page: sets `window.kidsRollout`; '' outside a rollout. */
  documentStartScript(route: string): Promise<string>
  /** The last good document, or null before the first. */
  current(): RolloutDocument | null
}

/** The security headers the site's own server sends (docs/deploying.md "Headers"), for the same page from a package. */
const SECURITY_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
}

/** `a` < `b` for dotted versions (`1.2` = `1.2.0`); a version that is not one is older than any. */
export function olderThan(a: string, b: string): boolean {
  if (!/^\d+(?:\.\d+){0,3}$/.test(a)) return true
  const x = a.split('.').map(Number)
  const y = b.split('.').map(Number)
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d !== 0) return d < 0
  }
  return false
}

/** The path of a WebView request inside the site, or null (another origin, a climbing or odd path). */
export function sitePath(url: string, siteUrl: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.origin !== new URL(siteUrl).origin) return null
  let path: string
  try {
    path = decodeURIComponent(parsed.pathname)
  } catch {
    return null
  }
  // URL parsing already resolves `/a/../b`; what is left that climbs, or names no file, is refused.
  if (/(^|\/)\.\.?(\/|$)|\\|\/\//.test(path) || [...path].some((c) => c < ' ')) return null
  return path
}

export async function createAppHost(options: AppHostOptions): Promise<AppHost> {
  const { siteUrl, deviceId, appVersion, storage } = options
  const fetcher = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 30_000
  const online = options.online ?? (() => true)
  const key = await importRolloutPublicKey(options.publicKey)
  const decoder = new TextDecoder()
  let doc: RolloutDocument | null = null
  let envelope: string | null = null
  const kept = await storage.read(ROLLOUT_FILE)
  if (kept) {
    // Verified again: what storage holds is not trusted more than the network.
    try {
      doc = await verifyRollout(decoder.decode(kept), key)
      envelope = decoder.decode(kept)
    } catch {
      await storage.remove(ROLLOUT_FILE)
    }
  }
  const stored = new Set((await storage.list('files/')).map((k) => k.slice('files/'.length)))
  /** What each route's HTML was last answered with, in this process: the page's facts, and the version in use. */
  const served = new Map<string, Choice>()
  let installing: Promise<InstallResult> | null = null

  /** The release `route` gets on this device (its cohort drawn from the canary's release), or null: the network. */
  const pick = async (route: string): Promise<{ ref: ReleaseRef; cohort: Cohort } | null> => {
    const entry = doc?.routes[route]
    if (!entry) return null
    const canary = entry.canary && (await inCanary(deviceId, route, entry.canary.release, entry.canary.share))
    const ref = canary ? entry.canary! : entry.stable
    if (olderThan(appVersion, ref.minAppVersion)) return null
    return { ref, cohort: canary ? 'canary' : 'stable' }
  }

  /** Each page's complete versions, read once from storage and again after each install (every request asks). */
  const records = new Map<string, Promise<PageVersion[]>>()
  const versionsOf = (route: string) => {
    let versions = records.get(route)
    if (!versions) records.set(route, (versions = readVersions(storage, route)))
    return versions
  }
  const installed = async (route: string, release: string): Promise<PageVersion | null> =>
    (await versionsOf(route)).find((v) => v.release === release) ?? null

  const choice = async (route: string): Promise<Choice | null> => {
    const picked = await pick(route)
    if (!picked) return null
    const via: Via = (await installed(route, picked.ref.release)) ? 'package' : 'network'
    return { release: picked.ref.release, cohort: picked.cohort, via }
  }

  const html = (body: Uint8Array<ArrayBuffer>, page: Choice): HostResponse => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', ...SECURITY_HEADERS },
    body,
    page,
  })

  /** A route's HTML: from its package, or (a canary not installed yet) its immutable HTML, checked like a package file. */
  const respondRoute = async (route: string): Promise<HostResponse | null> => {
    served.delete(route)
    const picked = await pick(route)
    if (!picked) return null
    const version = await installed(route, picked.ref.release)
    const fromPackage = version && (await readFile(storage, version.files[0]!))
    if (fromPackage) return remember(route, html(fromPackage, { release: picked.ref.release, cohort: picked.cohort, via: 'package' }))
    if (!online()) {
      // No network to load the chosen release from: the newest version installed, which the page names.
      const newest = (await versionsOf(route)).at(-1)
      const bytes = newest && (await readFile(storage, newest.files[0]!))
      if (bytes) {
        const cohort = newest.release === doc!.routes[route]!.canary?.release ? 'canary' : 'stable'
        return remember(route, html(bytes, { release: newest.release, cohort, via: 'package' }))
      }
    }
    if (picked.cohort === 'canary') {
      const got = await downloadFile(fetcher, siteUrl, picked.ref.files[0]!, timeoutMs)
      if ('bytes' in got) return remember(route, html(got.bytes, { release: picked.ref.release, cohort: 'canary', via: 'network' }))
      // The canary's HTML cannot be had: the route's URL gives stable, and the page is told so.
      const stable = doc!.routes[route]!.stable
      if (!olderThan(appVersion, stable.minAppVersion)) served.set(route, { release: stable.release, cohort: 'stable', via: 'network' })
      return null
    }
    served.set(route, { release: picked.ref.release, cohort: 'stable', via: 'network' })
    return null
  }
  const remember = (route: string, response: HostResponse) => {
    served.set(route, response.page!)
    return response
  }

  /** A file some installed version lists: the version of a page served now first (its lazy chunks). */
  const respondFile = async (path: string): Promise<HostResponse | null> => {
    const routes = Object.keys(doc?.routes ?? {}).sort((a, b) => Number(served.has(b)) - Number(served.has(a)))
    for (const route of routes) {
      const inUse = served.get(route)?.release
      const versions = [...(await versionsOf(route))].sort((a, b) => Number(b.release === inUse) - Number(a.release === inUse))
      for (const version of versions) {
        const file = version.files.find((f) => f.path === path)
        const body = file && (await readFile(storage, file))
        if (body) {
          const type = contentTypeFor(path)
          // Hashed names never change their bytes; anything else is asked for again, as the site's headers say.
          const cache = path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
          return { status: 200, headers: { 'content-type': type, 'cache-control': cache, ...SECURITY_HEADERS }, body }
        }
      }
    }
    return null
  }

  const runInstall = async (): Promise<InstallResult> => {
    const result: InstallResult = { installed: [], refused: [], tooOld: [] }
    if (!doc) return result
    const ctx = { storage, fetcher, siteUrl, timeoutMs, stored }
    for (const route of Object.keys(doc.routes)) {
      const picked = await pick(route)
      if (!picked) {
        result.tooOld.push(route)
        continue
      }
      const refused = await installVersion(ctx, route, picked.ref, served.get(route)?.release ?? null)
      records.delete(route)
      if (refused) result.refused.push({ route, reason: refused })
      else result.installed.push(route)
    }
    await collectGarbage(storage, Object.keys(doc.routes), stored)
    records.clear()
    return result
  }

  return {
    siteUrl,
    current: () => doc,
    choice,
    async refresh() {
      const serial = doc?.serial ?? null
      let body: string
      try {
        const response = await fetcher(new URL(ROLLOUT_FILE, siteUrl).href, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) })
        if (response.status !== 200) return { status: 'failed', reason: `HTTP ${response.status}`, serial }
        body = await response.text()
      } catch (error) {
        return { status: 'failed', reason: (error as Error).message, serial }
      }
      if (body === envelope) return { status: 'unchanged', serial: serial! }
      let next: RolloutDocument
      try {
        next = await verifyRollout(body, key)
      } catch (error) {
        return { status: 'refused', reason: (error as Error).message, serial }
      }
      // An older document (a replay, a stale cache) would send the device back to an old release.
      if (doc && next.serial <= doc.serial) return { status: 'refused', reason: `serial ${next.serial} ≤ ${doc.serial}`, serial }
      await storage.write(ROLLOUT_FILE, new TextEncoder().encode(body))
      doc = next
      envelope = body
      return { status: 'updated', serial: next.serial }
    },
    install() {
      // One install at a time: two would download the same files and race on the pages' records.
      installing ??= runInstall().finally(() => (installing = null))
      return installing
    },
    async respond(url) {
      const path = sitePath(url, siteUrl)
      if (path === null || !doc) return null
      const route = path.length > 1 ? path.replace(/\/$/, '') : path
      if (doc.routes[route]) return respondRoute(route)
      return path === '/' ? null : respondFile(path.slice(1))
    },
    async documentStartScript(route) {
      const facts = served.get(route) ?? (await choice(route))
      if (!facts) return ''
      return `window.kidsRollout=${JSON.stringify({ cohort: facts.cohort, via: facts.via })};`
    },
  }
}
