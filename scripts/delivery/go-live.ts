/**
 * The end of every deploy and rollback, whatever the target: record the release and switch the HTML
 * (publish.ts), purge the switched pages from the CDN, verify them at their public URL, and put back the
 * pages that fail to what was live before. The run's report is kept in its release record.
 */
import { DeliveryError, type PagesManifest, type RouteEntry } from './manifest.ts'
import type { LiveState } from './live-state.ts'
import { commitRelease, type DeliveryHooks } from './publish.ts'
import { purgeUrls, runPurge } from './purge.ts'
import { keptHtml, RELEASES, writeReleaseInfo, type ReleaseInfo } from './releases.ts'
import { formatReport } from './report.ts'
import type { RunReport } from './run-report.ts'
import type { Store } from './store.ts'
import type { HeldLock } from './target-lock.ts'
import { verifyPages } from './verify.ts'

export interface GoLiveOptions {
  /** Where the CDN serves the target (`https://h5.example.com`): for purge and verify. */
  publicUrl?: string
  /** A shell command run once after the switch, with the switched pages' public URLs on its stdin. */
  purge?: string
  /** Fetch the switched pages and their files from `publicUrl`; put back those that fail. */
  verify?: boolean
  /** When the run started (`Date.now()`), for the report's time taken. */
  started?: number
}

export interface GoLiveResult {
  release: string
  report: RunReport
}

export interface GoLiveInput {
  store: Store
  live: LiveState
  next: PagesManifest
  switched: { route: RouteEntry; html: Uint8Array }[]
  info: Omit<ReleaseInfo, 'id' | 'createdAt'>
  uploaded: RunReport['uploaded']
  options: GoLiveOptions
  hooks?: DeliveryHooks
  lock?: HeldLock
}

/** Checks the purge/verify options before anything is written. */
export function checkGoLiveOptions({ publicUrl, purge, verify }: GoLiveOptions): void {
  if ((purge !== undefined || verify) && !publicUrl) throw new DeliveryError('--purge and --verify need --public-url <https://…>')
  if (publicUrl !== undefined && !/^https?:\/\/[^/]/i.test(publicUrl))
    throw new DeliveryError(`--public-url ${publicUrl}: give an http(s) URL`)
}

/** Switches, purges, verifies, and puts back what fails; throws (exit 1) when a page had to be put back. */
export async function goLive({ store, live, next, switched, info, uploaded, options, hooks, lock }: GoLiveInput): Promise<GoLiveResult> {
  const started = options.started ?? Date.now()
  const release = await commitRelease({
    store,
    next,
    switched,
    releases: live.releases,
    info,
    ...(hooks ? { hooks } : {}),
    ...(lock ? { lock } : {}),
  })
  const routes = switched.map((s) => s.route)
  const paths = routes.map((r) => r.path)
  const purgeAll = async (of: readonly string[]) => {
    const urls = purgeUrls(options.publicUrl!, of)
    return { urls, error: await runPurge(options.purge!, urls) }
  }
  const purge = options.purge !== undefined && paths.length > 0 ? await purgeAll(paths) : null

  let verify: RunReport['verify'] = null
  if (options.verify && routes.length > 0) {
    const outcome = await verifyPages(options.publicUrl!, routes)
    const failing = [...new Set(outcome.failures.map((f) => f.path))]
    const back = failing.length > 0 ? await putBack(store, live, next, release, routes, failing, lock) : null
    if (back && purge) {
      const again = await purgeAll(failing)
      purge.error ??= again.error
    }
    verify = { publicUrl: options.publicUrl!, ...outcome, rolledBack: failing, rollbackRelease: back }
  }
  const report: RunReport = { routes: paths, uploaded, purge, verify, seconds: (Date.now() - started) / 1000 }
  // Read again: the put-back release stamped this one's liveUntil.
  const stored = await store.get(`${RELEASES}/${release.id}/release.json`)
  const now = stored ? (JSON.parse(stored.toString('utf8')) as ReleaseInfo) : release
  await writeReleaseInfo(store, { ...now, report })

  if (verify && verify.failures.length > 0) {
    const why = verify.failures.map((f) => `  ${f.path}: ${f.url} ${f.problem}`)
    throw new DeliveryError(
      [
        `verify failed at ${verify.publicUrl}; put back to what was live before: ${verify.rolledBack.join(', ')} (release ${verify.rollbackRelease})`,
        ...why,
      ].join('\n'),
      formatReport(release.id, report),
    )
  }
  if (purge?.error) {
    throw new DeliveryError(
      `${purge.error}: the pages are switched, but the CDN may serve their old HTML until its cache expires; purge these URLs by hand:\n${purge.urls.join('\n')}`,
      formatReport(release.id, report),
    )
  }
  return { release: release.id, report }
}

/** Puts the failing pages back to the entry they had before this run (or removes a page that is new). */
async function putBack(
  store: Store,
  live: LiveState,
  next: PagesManifest,
  release: ReleaseInfo,
  routes: readonly RouteEntry[],
  failing: readonly string[],
  lock: HeldLock | undefined,
): Promise<string> {
  const back: PagesManifest = { ...next, routes: { ...next.routes } }
  const switched: { route: RouteEntry; html: Uint8Array | null }[] = []
  for (const path of failing) {
    const before = live.manifest.routes[path]
    if (before) {
      back.routes[path] = before
      switched.push({ route: before, html: (await keptHtml(store, live.releases, before)).bytes })
    } else {
      delete back.routes[path]
      switched.push({ route: routes.find((r) => r.path === path)!, html: null })
    }
  }
  // Only the release being undone is still marked live (commitRelease stamped the older ones).
  const done = await commitRelease({
    store,
    next: back,
    switched,
    releases: [{ info: release, manifest: next }],
    info: { kind: 'rollback', switched: [...failing], from: `verify of ${release.id}` },
    ...(lock ? { lock } : {}),
  })
  return done.id
}
