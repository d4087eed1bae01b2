/**
 * The release records of a deploy target, `.releases/` (a folder, or objects under `<prefix>/.releases/`):
 * - `<id>/pages-manifest.json`: what every route served after that release;
 * - `<id>/html/<route html>`: the HTML of every route in that release, so a rollback can restore it;
 * - `<id>/release.json`: what made the release, written last (a release without it is incomplete), and
 *   written again when the run ends (its report) and when a later release replaces it (`liveUntil`);
 * - `current`: the id of the release being served;
 * - `index.json`: every record in one object, so a run reads one object instead of two per release
 *   (book.ts);
 * - `.lock`: held by the one deploy, rollback or prune running (lock.ts); `unlocks/`: the locks ops broke.
 * Ids (`0007-20250601T101500Z`) sort by creation. This file reads records; book.ts writes them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DeliveryError } from '../errors.ts'
import { sha256 } from '../hash.ts'
import { MANIFEST_FILE, parseManifest, type PagesManifest, type RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import type { Store } from '../store/store.ts'
import type { RunReport } from './run-report.ts'

export interface ReleaseInfo {
  id: string
  createdAt: string
  kind: 'deploy' | 'rollback'
  /**
   * The route paths this release switched. While `state` is `running`, the ones it means to switch; once
   * a later run found it `interrupted`, the ones it really switched.
   */
  switched: string[]
  /** The build directory or the release/manifest it came from. */
  from: string
  /** The release `current` named when this one was made (`null`: the first). */
  previous?: string | null
  /**
   * `running` from its creation until its run ends (its report written); `interrupted` when a later run
   * found it still `running` (the run was killed): then `interrupted` says what really happened. Absent:
   * its run ended (and in records written before runs wrote a state).
   */
  state?: 'running' | 'interrupted'
  interrupted?: {
    /** The release of the run that found it. */
    foundBy: string
    at: string
    /** The routes it meant to switch but did not. */
    notSwitched: string[]
  }
  /**
   * When this release stopped being live: stamped once a later release finished switching its HTML.
   * Absent while it is live (or may be, after a run cut short). Prune's grace period counts from it.
   */
  liveUntil?: string
  /** What the run that made it did (run-report.ts), written when the run ended. */
  report?: RunReport
  /**
   * The canaries while this release is current, by route path (docs/rollout.md): a release of that route
   * on a share of app devices, its HTML at `_releases/` only (browsers keep the route's own HTML). Written
   * by `--canary` and `--abort` on the current release, carried into the next release by every switch
   * except for the routes it switches (a promote, a rollback).
   */
  canaries?: Record<string, CanaryRecord>
}

/** A route's canary as the release records keep it. */
export interface CanaryRecord {
  /** The canary release's entry, as a deploy of it would make live (promote switches to exactly this). */
  entry: RouteEntry
  /** Share of app devices, 1–100 %. */
  share: number
  /** When the canary started (ISO): the watch's window opens here. */
  since: string
  minAppVersion: string
}

export interface Release {
  info: ReleaseInfo
  manifest: PagesManifest
}

/** A record that cannot be read: skipped by every command, named each time. */
export interface DamagedRecord {
  id: string
  problem: string
}

/** The key prefix of the release records. */
export const RELEASES = '.releases'
export const CURRENT_KEY = `${RELEASES}/current`
const ID = /^(\d{4,})-(\d{8}T\d{6}Z)$/

/** The sequence number of an id (`7` for `0007-…`), -1 for no id. */
export function seq(id: string): number {
  return Number(ID.exec(id)?.[1] ?? -1)
}

/** When a release was made, from its id (ms), or NaN. */
export function idTime(id: string): number {
  const stamp = ID.exec(id)?.[2]
  return stamp ? Date.parse(stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')) : NaN
}

export const byNewest = (a: string, b: string) => seq(b) - seq(a)

/** The key of a release's copy of an HTML file. */
export function releaseHtmlKey(id: string, htmlFile: string): string {
  return `${RELEASES}/${id}/html/${htmlFile}`
}

export const releaseInfoKey = (id: string) => `${RELEASES}/${id}/release.json`
export const releaseManifestKey = (id: string) => `${RELEASES}/${id}/${MANIFEST_FILE}`

/** A new release id after `taken` ones: the next number, and the time. */
export function nextId(taken: Iterable<string>, now: Date): string {
  const latest = Math.max(0, ...[...taken].map(seq))
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  return `${String(latest + 1).padStart(4, '0')}-${stamp}`
}

/** Every key under `.releases/<id>/`, by id: `complete` records have their release.json, `incomplete` ones were cut short while written. */
export async function listRecords(store: Store): Promise<{ complete: string[]; incomplete: string[]; keys: Map<string, string[]> }> {
  const keys = new Map<string, string[]>()
  for (const key of await store.list(`${RELEASES}/`)) {
    const [, id = ''] = key.split('/')
    if (!ID.test(id)) continue
    keys.set(id, [...(keys.get(id) ?? []), key])
  }
  const all = [...keys.keys()].sort(byNewest)
  const complete = all.filter((id) => keys.get(id)!.includes(releaseInfoKey(id)))
  return { complete, incomplete: all.filter((id) => !complete.includes(id)), keys }
}

/** `release.json` of `id` checked for the fields every command reads; a message when it is not one. */
export function parseInfo(bytes: Buffer, id: string): ReleaseInfo | string {
  let data: unknown
  try {
    data = JSON.parse(bytes.toString('utf8'))
  } catch {
    return 'release.json is not JSON'
  }
  return checkInfo(data, id) ?? 'release.json is not a release record of this id'
}

/** `data` as the record of `id`, or `null` when it lacks a field every command reads. */
export function checkInfo(data: unknown, id: string): ReleaseInfo | null {
  const info = data as Partial<ReleaseInfo> | null
  const ok =
    info !== null &&
    typeof info === 'object' &&
    info.id === id &&
    (info.kind === 'deploy' || info.kind === 'rollback') &&
    typeof info.createdAt === 'string' &&
    typeof info.from === 'string' &&
    Array.isArray(info.switched) &&
    info.switched.every((p) => typeof p === 'string') &&
    (info.liveUntil === undefined || typeof info.liveUntil === 'string') &&
    (info.canaries === undefined || validCanaries(info.canaries))
  return ok ? (info as ReleaseInfo) : null
}

function validCanaries(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.entries(value).every(([path, c]: [string, Partial<CanaryRecord> | null]) => {
    const entry = c?.entry
    return (
      typeof c === 'object' &&
      c !== null &&
      typeof entry === 'object' &&
      entry !== null &&
      entry.path === path &&
      typeof entry.name === 'string' &&
      typeof entry.release === 'string' &&
      typeof entry.html?.sha256 === 'string' &&
      Array.isArray(entry.assets) &&
      Number.isInteger(c.share) &&
      c.share! >= 1 &&
      c.share! <= 100 &&
      typeof c.since === 'string' &&
      typeof c.minAppVersion === 'string'
    )
  })
}

/** One record, read from its objects: a release, or why it is damaged. */
export async function readRecord(store: Store, id: string): Promise<Release | DamagedRecord> {
  const [infoBytes, manifestBytes] = await Promise.all([store.get(releaseInfoKey(id)), store.get(releaseManifestKey(id))])
  if (!infoBytes) return { id, problem: 'release.json is missing' }
  const info = parseInfo(infoBytes, id)
  if (typeof info === 'string') return { id, problem: info }
  if (!manifestBytes) return { id, problem: `${MANIFEST_FILE} is missing` }
  try {
    return { info, manifest: parseManifest(manifestBytes.toString('utf8'), `${store.name}/${releaseManifestKey(id)}`) }
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error
    return { id, problem: error.message.replace(`${store.name}/${releaseManifestKey(id)}`, MANIFEST_FILE) }
  }
}

export const isDamaged = (r: Release | DamagedRecord): r is DamagedRecord => 'problem' in r

/** Every record read from its objects (the slow path, book.ts), newest first. */
export async function readAllRecords(store: Store): Promise<{ releases: Release[]; damaged: DamagedRecord[]; incomplete: string[] }> {
  const { complete, incomplete } = await listRecords(store)
  const read = await mapLimit(complete, PARALLEL, (id) => readRecord(store, id))
  return { releases: read.filter((r): r is Release => !isDamaged(r)), damaged: read.filter(isDamaged), incomplete }
}

/** The id of the release being served, or `null` before the first deploy. */
export async function readCurrent(store: Store): Promise<string | null> {
  return (await store.get(CURRENT_KEY))?.toString('utf8').trim() || null
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

// Synchronous views of a directory target, for pages:diff and for tests that read a target's files.

/** `<dir>/.releases`. */
export function releasesDir(target: string): string {
  return join(target, RELEASES)
}

/** The readable release records of a directory target, newest first. */
export function listReleases(target: string): ReleaseInfo[] {
  const dir = releasesDir(target)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((id) => ID.test(id) && existsSync(join(dir, id, 'release.json')))
    .sort(byNewest)
    .map((id) => parseInfo(readFileSync(join(dir, id, 'release.json')), id))
    .filter((info): info is ReleaseInfo => typeof info !== 'string')
}

/** The id of the release a directory target serves, or `null` before the first deploy. */
export function currentRelease(target: string): string | null {
  const file = join(releasesDir(target), 'current')
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null
}
