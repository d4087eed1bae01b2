/**
 * deploy: publishes a build (or some of its pages) into a target directory standing in for the CDN
 * origin. Assets first, never overwritten or deleted; then each route's HTML, atomically. Routes not
 * picked keep their HTML byte for byte and keep their entry in the target's manifest.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { publishNoOverwrite } from './fs-atomic.ts'
import { sha256 } from './hash.ts'
import { liveRefusal } from './live-check.ts'
import { readLiveState } from './live-state.ts'
import { DeliveryError, loadManifest, stringifyManifest, type AssetRef, type PagesManifest, type RouteEntry } from './manifest.ts'
import { commitRelease, conflictMessage, inspectTarget, uniqueRefs, type DeliveryHooks } from './publish.ts'
import { withLock } from './target-lock.ts'
import { selectRoutes } from './select-routes.ts'

export interface DeployOptions {
  /** The build output directory (with pages-manifest.json). */
  from: string
  /** The target directory. */
  to: string
  /** Route names to deploy; all routes when absent. */
  pages?: readonly string[]
  /** Plan and check only; write nothing. */
  dryRun?: boolean
  hooks?: DeliveryHooks
}

export interface DeployResult {
  /** The new release id (`null` for a dry run or when nothing changed). */
  release: string | null
  /** Assets copied (or, in a dry run, to copy). */
  copy: AssetRef[]
  /** Assets the target already had, same bytes. */
  present: AssetRef[]
  /** Routes whose HTML was (or would be) switched. */
  switched: string[]
  /** Picked routes whose HTML was already live. */
  unchanged: string[]
  /** Live routes the build does not have (left as they are by a full deploy). */
  notInBuild: string[]
}

/** Deploys `from` into `to` (see README "Deploying one page at a time"). */
export async function deploy(options: DeployOptions): Promise<DeployResult> {
  return options.dryRun ? run(options) : withLock(options.to, () => run(options))
}

async function run({ from, to, pages, dryRun, hooks }: DeployOptions): Promise<DeployResult> {
  const source = loadManifest(join(from, 'pages-manifest.json'))
  const picked = pages ? selectRoutes(source, pages) : Object.values(source.routes)
  const live = await readLiveState(to)
  const refusal = liveRefusal(live, new Set(picked.map((r) => r.path)))
  if (refusal) throw new DeliveryError(refusal)

  const refs = uniqueRefs([...picked.flatMap((r) => r.assets), ...(pages ? [] : source.other)])
  const check = await inspectTarget(to, refs)
  if (check.conflicts.length > 0) throw new DeliveryError(conflictMessage(check.conflicts))

  const switchedRoutes = picked.filter((r) => live.manifest.routes[r.path]?.html.sha256 !== r.html.sha256)
  const result: DeployResult = {
    release: null,
    copy: check.missing,
    present: check.present,
    switched: switchedRoutes.map((r) => r.path),
    unchanged: picked.filter((r) => !switchedRoutes.includes(r)).map((r) => r.path),
    notInBuild: pages ? [] : Object.keys(live.manifest.routes).filter((p) => !source.routes[p]),
  }
  // Read every source file before writing anything: a stale or edited build is refused up front.
  const assetBytes = await Promise.all(check.missing.map((ref) => readVerified(from, ref)))
  const htmlBytes = await Promise.all(switchedRoutes.map((r) => readVerified(from, r.html)))
  if (dryRun) return result

  for (const [i, ref] of check.missing.entries()) await publishNoOverwrite(join(to, ref.file), assetBytes[i]!)
  const next = nextManifest(live.manifest, picked, pages ? live.manifest.other : source.other)
  // Nothing to record when the current release already says exactly this (after a cut-short run it
  // does not, and the new release records what is really served).
  const sameRecord = live.recorded !== null && stringifyManifest(next) === stringifyManifest(live.recorded)
  if (switchedRoutes.length === 0 && sameRecord) return result
  const release = await commitRelease({
    to,
    next,
    switched: switchedRoutes.map((route, i) => ({ route, html: htmlBytes[i]! })),
    info: { kind: 'deploy', switched: result.switched, from },
    ...(hooks ? { hooks } : {}),
  })
  return { ...result, release: release.id }
}

/** The live manifest with the picked routes replaced by the build's entries. */
function nextManifest(live: PagesManifest, picked: readonly RouteEntry[], other: AssetRef[]): PagesManifest {
  const routes = { ...live.routes }
  for (const route of picked) routes[route.path] = route
  return { version: 1, routes, other }
}

async function readVerified(dir: string, ref: { file: string; sha256: string }): Promise<Buffer> {
  const bytes = await readFile(join(dir, ref.file)).catch(() => {
    throw new DeliveryError(`${join(dir, ref.file)} is missing: the build does not match its manifest, rebuild`)
  })
  if (sha256(bytes) !== ref.sha256) {
    throw new DeliveryError(`${join(dir, ref.file)} changed after the build wrote its manifest: rebuild`)
  }
  return bytes
}
