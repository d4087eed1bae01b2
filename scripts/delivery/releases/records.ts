/**
 * The release store of a deploy target, `.releases/` (a folder, or objects under `<prefix>/.releases/`):
 * - `<id>/pages-manifest.json`: what every route served after that release;
 * - `<id>/html/<route html>`: the HTML of every route in that release, so a rollback can restore it;
 * - `<id>/release.json`: what made the release, written last (a release without it is incomplete), and
 *   written again when the run ends (its report) and when a later release replaces it (`liveUntil`);
 * - `current`: the id of the release being served;
 * - `.lock`: held by the one deploy, rollback or prune running (lock.ts).
 * Ids (`0007-20250601T101500Z`) sort by creation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DeliveryError } from '../errors.ts'
import { sha256 } from '../hash.ts'
import { MANIFEST_FILE, parseManifest, stringifyManifest, type PagesManifest, type RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import type { Store } from '../store/store.ts'
import type { RunReport } from './run-report.ts'

export interface ReleaseInfo {
  id: string
  createdAt: string
  kind: 'deploy' | 'rollback'
  /** The route paths this release switched. */
  switched: string[]
  /** The build directory or the release/manifest it came from. */
  from: string
  /**
   * When this release stopped being live: stamped once a later release finished switching its HTML.
   * Absent while it is live (or may be, after a run cut short). Prune's grace period counts from it.
   */
  liveUntil?: string
  /** What the run that made it did (run-report.ts), written when the run ended. */
  report?: RunReport
}

export interface Release {
  info: ReleaseInfo
  manifest: PagesManifest
}

/** The key prefix of the release store. */
export const RELEASES = '.releases'
const ID = /^(\d{4,})-\d{8}T\d{6}Z$/

function seq(id: string): number {
  return Number(ID.exec(id)?.[1] ?? -1)
}

const byNewest = (a: string, b: string) => seq(b) - seq(a)

/** The key of a release's copy of an HTML file. */
export function releaseHtmlKey(id: string, htmlFile: string): string {
  return `${RELEASES}/${id}/html/${htmlFile}`
}

/** Release ids in the store: `complete` have their release.json, `incomplete` were cut short while written. */
async function releaseIds(store: Store): Promise<{ complete: string[]; incomplete: string[] }> {
  const ids = new Map<string, boolean>()
  for (const key of await store.list(`${RELEASES}/`)) {
    const [, id = '', ...rest] = key.split('/')
    if (!ID.test(id)) continue
    ids.set(id, (ids.get(id) ?? false) || rest.join('/') === 'release.json')
  }
  const all = [...ids.keys()].sort(byNewest)
  return { complete: all.filter((id) => ids.get(id)), incomplete: all.filter((id) => !ids.get(id)) }
}

/** The kept releases with their manifests, newest first (complete ones and ones a deploy was interrupted in). */
export async function readReleases(store: Store): Promise<Release[]> {
  const { complete } = await releaseIds(store)
  const read = await mapLimit(complete, PARALLEL, async (id) => {
    const [info, manifest] = await Promise.all([
      store.get(`${RELEASES}/${id}/release.json`),
      store.get(`${RELEASES}/${id}/${MANIFEST_FILE}`),
    ])
    if (!info || !manifest) return null
    return {
      info: JSON.parse(info.toString('utf8')) as ReleaseInfo,
      manifest: parseManifest(manifest.toString('utf8'), `${store.name}/${RELEASES}/${id}/${MANIFEST_FILE}`),
    }
  })
  return read.filter((r): r is Release => r !== null)
}

/** The id of the release being served, or `null` before the first deploy. */
export async function readCurrent(store: Store): Promise<string | null> {
  return (await store.get(`${RELEASES}/current`))?.toString('utf8').trim() || null
}

/** Marks `id` as the release being served. */
export async function setCurrent(store: Store, id: string): Promise<void> {
  await store.put(`${RELEASES}/current`, Buffer.from(`${id}\n`))
}

/** Writes a release's release.json again (its report, its `liveUntil`). */
export async function writeReleaseInfo(store: Store, info: ReleaseInfo): Promise<void> {
  await store.put(`${RELEASES}/${info.id}/release.json`, Buffer.from(`${JSON.stringify(info, null, 2)}\n`))
}

/**
 * Finds a kept release by its id or its number (`7` or `0007` for `0007-20250601T101500Z`);
 * `null` when `ref` names none.
 */
export function findRelease(releases: readonly Release[], ref: string): Release | null {
  return (
    releases.find((r) => r.info.id === ref) ??
    (/^\d+$/.test(ref) ? releases.find((r) => seq(r.info.id) === Number(ref)) : undefined) ??
    null
  )
}

/**
 * Writes a new release: the HTML copies and the manifest, then release.json last, so a release cut
 * short while being written is never taken for one (and is deleted by the next run).
 */
export async function createRelease(
  store: Store,
  info: Omit<ReleaseInfo, 'id' | 'createdAt'>,
  manifest: PagesManifest,
  html: ReadonlyMap<string, Uint8Array>,
  now = new Date(),
): Promise<ReleaseInfo> {
  const { complete, incomplete } = await releaseIds(store)
  const latest = Math.max(0, ...[...complete, ...incomplete].map(seq))
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const id = `${String(latest + 1).padStart(4, '0')}-${stamp}`
  const release: ReleaseInfo = { id, createdAt: now.toISOString(), ...info }
  await mapLimit([...html], PARALLEL, ([file, bytes]) => store.put(releaseHtmlKey(id, file), bytes))
  await store.put(`${RELEASES}/${id}/${MANIFEST_FILE}`, Buffer.from(stringifyManifest(manifest)))
  await writeReleaseInfo(store, release)
  return release
}

/** Deletes a release record: its release.json first, so a delete cut short leaves an incomplete one. */
export async function deleteRelease(store: Store, id: string): Promise<void> {
  await store.delete(`${RELEASES}/${id}/release.json`)
  await mapLimit(await store.list(`${RELEASES}/${id}/`), PARALLEL, (key) => store.delete(key))
}

/** Deletes the releases a killed run left half-written (no release.json); returns their ids. */
export async function removeIncompleteReleases(store: Store): Promise<string[]> {
  const { incomplete } = await releaseIds(store)
  for (const id of incomplete) await deleteRelease(store, id)
  return incomplete
}

// Synchronous views of a directory target, for pages:diff and for tests that read a target's files.

/** `<dir>/.releases`. */
export function releasesDir(target: string): string {
  return join(target, RELEASES)
}

/** The kept releases of a directory target, newest first. */
export function listReleases(target: string): ReleaseInfo[] {
  const dir = releasesDir(target)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((id) => ID.test(id) && existsSync(join(dir, id, 'release.json')))
    .sort(byNewest)
    .map((id) => JSON.parse(readFileSync(join(dir, id, 'release.json'), 'utf8')) as ReleaseInfo)
}

/** The id of the release a directory target serves, or `null` before the first deploy. */
export function currentRelease(target: string): string | null {
  const file = join(releasesDir(target), 'current')
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null
}

/** The HTML bytes of `route` from the newest kept release that has exactly that version. */
export async function keptHtml(store: Store, releases: readonly Release[], route: RouteEntry): Promise<{ release: string; bytes: Buffer }> {
  for (const { info, manifest } of releases) {
    if (manifest.routes[route.path]?.html.sha256 !== route.html.sha256) continue
    const bytes = await store.get(releaseHtmlKey(info.id, route.html.file))
    if (bytes && sha256(bytes) === route.html.sha256) return { release: info.id, bytes }
  }
  throw new DeliveryError(
    `no kept release has ${route.path} at that version (${route.html.sha256.slice(0, 12)}…); deploy it from a build instead`,
  )
}
