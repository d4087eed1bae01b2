/**
 * The release store of a deploy target, `<target>/.releases/`:
 * - `<id>/pages-manifest.json`: what every route served after that release;
 * - `<id>/html/<route html>`: the HTML of every route in that release, so a rollback can restore it;
 * - `<id>/release.json`: what made the release; `current`: the id of the release being served;
 * - `.lock`: held by the one deploy, rollback or prune running (target-lock.ts).
 * Ids (`0007-20250601T101500Z`) sort by creation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from './fs-atomic.ts'
import { MANIFEST_FILE, parseManifest, stringifyManifest, type PagesManifest } from './manifest.ts'

export interface ReleaseInfo {
  id: string
  createdAt: string
  kind: 'deploy' | 'rollback'
  /** The route paths this release switched. */
  switched: string[]
  /** The build directory or the release/manifest it came from. */
  from: string
}

const ID = /^(\d{4,})-\d{8}T\d{6}Z$/

/** `<target>/.releases`. */
export function releasesDir(target: string): string {
  return join(target, '.releases')
}

/** The kept releases, newest first (complete ones and ones a deploy was interrupted in). */
export function listReleases(target: string): ReleaseInfo[] {
  const dir = releasesDir(target)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((id) => ID.test(id) && existsSync(join(dir, id, 'release.json')))
    .sort((a, b) => seq(b) - seq(a))
    .map((id) => JSON.parse(readFileSync(join(dir, id, 'release.json'), 'utf8')) as ReleaseInfo)
}

function seq(id: string): number {
  return Number(ID.exec(id)?.[1] ?? -1)
}

/** The manifest a release recorded. */
export function readReleaseManifest(target: string, id: string): PagesManifest {
  const file = join(releasesDir(target), id, MANIFEST_FILE)
  return parseManifest(readFileSync(file, 'utf8'), file)
}

/** Where a release keeps its copy of an HTML file. */
export function releaseHtmlPath(target: string, id: string, htmlFile: string): string {
  return join(releasesDir(target), id, 'html', htmlFile)
}

/** The id of the release being served, or `null` before the first deploy. */
export function currentRelease(target: string): string | null {
  const file = join(releasesDir(target), 'current')
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null
}

/** Marks `id` as the release being served. */
export async function setCurrent(target: string, id: string): Promise<void> {
  await writeFileAtomic(join(releasesDir(target), 'current'), `${id}\n`)
}

/**
 * Finds a kept release by its id or its number (`7` or `0007` for `0007-20250601T101500Z`);
 * `null` when `ref` names none.
 */
export function findRelease(target: string, ref: string): string | null {
  const releases = listReleases(target)
  const hit = releases.find((r) => r.id === ref) ?? (/^\d+$/.test(ref) ? releases.find((r) => seq(r.id) === Number(ref)) : undefined)
  return hit?.id ?? null
}

/** Writes a new release directory in one step (built under a temporary name, then renamed). */
export async function createRelease(
  target: string,
  info: Omit<ReleaseInfo, 'id' | 'createdAt'>,
  manifest: PagesManifest,
  html: ReadonlyMap<string, Uint8Array>,
  now = new Date(),
): Promise<ReleaseInfo> {
  const latest = listReleases(target)[0]
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  const id = `${String((latest ? seq(latest.id) : 0) + 1).padStart(4, '0')}-${stamp}`
  const release: ReleaseInfo = { id, createdAt: now.toISOString(), ...info }
  const temp = join(releasesDir(target), `.${id}.tmp`)
  await rm(temp, { recursive: true, force: true })
  try {
    for (const [file, bytes] of html) {
      await mkdir(dirname(join(temp, 'html', file)), { recursive: true })
      await writeFileAtomic(join(temp, 'html', file), bytes)
    }
    await writeFileAtomic(join(temp, MANIFEST_FILE), stringifyManifest(manifest))
    await writeFileAtomic(join(temp, 'release.json'), `${JSON.stringify(release, null, 2)}\n`)
    await rename(temp, join(releasesDir(target), id))
  } catch (error) {
    // A half-written release is never left to look like one (a full disk, say).
    await rm(temp, { recursive: true, force: true })
    throw error
  }
  return release
}
