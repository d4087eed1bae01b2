/**
 * The deploy's side of the rollout (docs/rollout.md): the immutable HTML of every page release
 * (`_releases/<name>/<release>.html`) and the signed `rollout.json` naming, per route, the stable release
 * the route serves and its canary. Every run that writes calls `checkRollout` first (before anything is
 * written) and `publishRollout` last, under the target's lock, so the document is rewritten in one `put`
 * after every file it names exists.
 */
import type { KeyObject } from 'node:crypto'
import {
  releaseHtmlPath,
  ROLLOUT_FILE,
  ROLLOUT_VERSION,
  type PackageFile,
  type ReleaseRef,
  type RolloutDocument,
  type RouteRollout,
} from '../../../common/rollout/document.ts'
import { importRolloutPublicKey, verifyRollout } from '../../../common/rollout/signature.ts'
import { DeliveryError } from '../errors.ts'
import { sha256 } from '../hash.ts'
import type { RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import { readLiveState } from '../releases/live-state.ts'
import type { CanaryRecord } from '../releases/records.ts'
import type { Run } from '../run/context.ts'
import { PACKAGE_MIN_APP_VERSION } from './min-app-version.ts'
import { publicKeyBase64, signRollout } from './sign.ts'

/**
 * The canaries of the release being served, by route path; given what the routes serve, without those
 * whose route already serves the canary (a promote a killed run got as far as the switch: it is stable).
 */
export function currentCanaries({ book }: Pick<Run, 'book'>, live?: Record<string, RouteEntry>): Record<string, CanaryRecord> {
  const all = (book.current ? book.info(book.current)?.canaries : undefined) ?? {}
  if (!live) return all
  return Object.fromEntries(Object.entries(all).filter(([path, c]) => live[path]?.release !== c.entry.release))
}

/**
 * The target's current document, checked before a run writes anything: a target that has one refuses a
 * run without the key (the apps would go on opening the release it names), and one the key does not
 * verify (another key, or edited) is refused rather than replaced. `null`: the target has none.
 */
export async function checkRollout(run: Pick<Run, 'store' | 'rollout'>): Promise<RolloutDocument | null> {
  const body = await run.store.get(ROLLOUT_FILE)
  if (!body) return null
  if (!run.rollout) {
    throw new DeliveryError(
      `refusing: ${run.store.name} has a ${ROLLOUT_FILE} and this run has no signing key, so the apps would keep opening the releases it names; set ROLLOUT_SIGNING_KEY or ROLLOUT_SIGNING_KEY_FILE (docs/rollout.md "Keys")`,
    )
  }
  try {
    return await verifyRollout(body.toString('utf8'), await publicKeyOf(run.rollout.key))
  } catch (error) {
    throw new DeliveryError(
      `refusing: ${run.store.name}/${ROLLOUT_FILE} does not verify with this signing key (${(error as Error).message}): the key is not the one the apps hold, or the file was changed by hand`,
    )
  }
}

async function publicKeyOf(key: KeyObject): Promise<CryptoKey> {
  return importRolloutPublicKey(publicKeyBase64(key))
}

/**
 * Writes `_releases/<name>/<release>.html` of each entry that lacks it: the bytes `known` gives for its
 * path (a build's), else the route's live HTML when it still is that version. Never replaces one.
 */
export async function ensureReleaseHtml(
  { store, lock }: Pick<Run, 'store' | 'lock'>,
  entries: readonly RouteEntry[],
  known: ReadonlyMap<string, Uint8Array> = new Map(),
): Promise<string[]> {
  const withRelease = entries.filter((e): e is RouteEntry & { release: string } => e.release !== undefined)
  const written = await mapLimit(withRelease, PARALLEL, async (entry) => {
    const key = releaseHtmlPath(entry.name, entry.release)
    const there = await store.stat(key)
    if (there?.sha256 === entry.html.sha256) return null
    if (there) {
      throw new DeliveryError(
        `${store.name}/${key} holds other bytes than release ${entry.release} of ${entry.path} (changed by hand?): delete it and run again`,
      )
    }
    let bytes: Uint8Array | null = known.get(entry.path) ?? null
    if (!bytes) {
      const live = await store.get(entry.html.file)
      bytes = live && sha256(live) === entry.html.sha256 ? live : null
    }
    if (!bytes || sha256(bytes) !== entry.html.sha256) {
      throw new DeliveryError(
        `${key} is missing and no copy of release ${entry.release} of ${entry.path} is at hand: deploy that page from its build`,
      )
    }
    lock?.assertHeld()
    await store.putNew(key, bytes)
    return key
  })
  return written.filter((k): k is string => k !== null)
}

/** A release as the app gets it: its HTML at its immutable path first, then every file it loads. */
export function releaseRef(entry: RouteEntry & { release: string }, minAppVersion: string): ReleaseRef {
  const html = releaseHtmlPath(entry.name, entry.release)
  const files: PackageFile[] = [{ path: html, size: entry.html.size, sha256: entry.html.sha256 }]
  const seen = new Set([html])
  for (const a of entry.assets) {
    if (seen.has(a.file)) continue
    seen.add(a.file)
    files.push({ path: a.file, size: a.size, sha256: a.sha256 })
  }
  return { release: entry.release, html, minAppVersion, files }
}

/**
 * The document for what the target serves now: each route's stable release read from its live HTML (so a
 * run killed mid-switch is described as it is), its canary from the current release's record unless the
 * route already serves it. A release keeps the minAppVersion the previous document gave it; one new to
 * the document gets this run's.
 */
export function rolloutRoutes(
  live: Record<string, RouteEntry>,
  canaries: Record<string, CanaryRecord>,
  previous: RolloutDocument | null,
  minAppVersion: string,
): Record<string, RouteRollout> {
  const routes: Record<string, RouteRollout> = {}
  for (const entry of Object.values(live)) {
    if (entry.release === undefined) continue
    const before = previous?.routes[entry.path]
    const kept = [before?.stable, before?.canary].find((r) => r?.release === entry.release)
    const stable = releaseRef({ ...entry, release: entry.release }, kept?.minAppVersion ?? minAppVersion)
    const c = canaries[entry.path]
    routes[entry.path] =
      c && c.entry.release !== entry.release
        ? { stable, canary: { ...releaseRef({ ...c.entry, release: c.entry.release! }, c.minAppVersion), share: c.share } }
        : { stable }
  }
  return routes
}

/**
 * Writes `rollout.json` when what it says changed (serial + 1), after making sure every HTML it names
 * exists. Nothing without a key (checkRollout already refused a target that has a document).
 */
export async function publishRollout(
  run: Run,
  previous: RolloutDocument | null,
  known: ReadonlyMap<string, Uint8Array> = new Map(),
): Promise<{ doc: RolloutDocument; written: boolean } | null> {
  const { store, book } = run
  const live = await readLiveState(store, book)
  const canaries = currentCanaries(run, live.manifest.routes)
  await ensureReleaseHtml(run, [...Object.values(live.manifest.routes), ...Object.values(canaries).map((c) => c.entry)], known)
  if (!run.rollout) return null
  const routes = rolloutRoutes(live.manifest.routes, canaries, previous, run.rollout.minAppVersion ?? PACKAGE_MIN_APP_VERSION)
  if (previous && JSON.stringify(sortedRoutes(previous.routes)) === JSON.stringify(sortedRoutes(routes))) {
    return { doc: previous, written: false }
  }
  const doc: RolloutDocument = {
    version: ROLLOUT_VERSION,
    serial: (previous?.serial ?? 0) + 1,
    issuedAt: new Date(run.clock.now()).toISOString(),
    routes,
  }
  run.lock?.assertHeld()
  await store.put(ROLLOUT_FILE, Buffer.from(signRollout(doc, run.rollout.key)))
  return { doc, written: true }
}

function sortedRoutes(routes: Record<string, RouteRollout>): [string, RouteRollout][] {
  return Object.entries(routes).sort(([a], [b]) => (a < b ? -1 : 1))
}
