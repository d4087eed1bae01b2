/**
 * The end of every deploy and rollback, whatever the target: record the release and switch the HTML
 * (commit.ts), purge the switched pages from the CDN, verify them at their public URL, and put back the
 * pages that fail to what was live before. The run's report is kept in its release record.
 */
import { DeliveryError } from '../errors.ts'
import type { PagesManifest, RouteEntry } from '../manifest.ts'
import type { LiveState } from '../releases/live-state.ts'
import { keptHtml, type ReleaseInfo } from '../releases/records.ts'
import { formatReport, type RunReport } from '../releases/run-report.ts'
import { commitRelease } from './commit.ts'
import type { Run } from './context.ts'
import { purgeUrls, runPurge } from './purge.ts'
import { verifyPages } from './verify.ts'

/** What happens once the HTML is switched (`--public-url`, `--purge`, `--verify`). */
export interface AfterSwitch {
  /** Where the CDN serves the target (`https://h5.example.com`): for purge and verify. */
  publicUrl?: string
  /** A shell command run once after the switch, with the switched pages' public URLs on its stdin. */
  purge?: string
  /** Fetch the switched pages and their files from `publicUrl`; put back those that fail. */
  verify?: boolean
}

/** What a run switches: the live state it read, the manifest after it, and the new HTML. */
export interface Change {
  live: LiveState
  next: PagesManifest
  switched: { route: RouteEntry; html: Uint8Array }[]
  info: Omit<ReleaseInfo, 'id' | 'createdAt'>
  uploaded: RunReport['uploaded']
}

export interface GoLiveResult {
  release: string
  report: RunReport
}

/** Checks the purge/verify options before anything is written. */
export function checkAfterSwitch({ publicUrl, purge, verify }: AfterSwitch): void {
  if ((purge !== undefined || verify) && !publicUrl) throw new DeliveryError('--purge and --verify need --public-url <https://…>')
  if (publicUrl !== undefined && !/^https?:\/\/[^/]/i.test(publicUrl))
    throw new DeliveryError(`--public-url ${publicUrl}: give an http(s) URL`)
}

/** Switches, purges, verifies, and puts back what fails; throws (exit 1) when a page had to be put back. */
export async function goLive(run: Run, change: Change, after: AfterSwitch): Promise<GoLiveResult> {
  const { live, next, switched, info, uploaded } = change
  const release = await commitRelease(run, { next, switched, replaces: live.releases, info })
  const routes = switched.map((s) => s.route)
  const paths = routes.map((r) => r.path)
  const purgeAll = async (of: readonly string[]) => {
    const urls = purgeUrls(after.publicUrl!, of)
    return { urls, error: await runPurge(after.purge!, urls) }
  }
  const purge = after.purge !== undefined && paths.length > 0 ? await purgeAll(paths) : null

  let verify: RunReport['verify'] = null
  if (after.verify && routes.length > 0) {
    const outcome = await verifyPages(after.publicUrl!, routes)
    const failing = [...new Set(outcome.failures.map((f) => f.path))]
    const back = failing.length > 0 ? await putBack(run, change, release, failing) : null
    if (back && purge) {
      const again = await purgeAll(failing)
      purge.error ??= again.error
    }
    verify = { publicUrl: after.publicUrl!, ...outcome, rolledBack: failing, rollbackRelease: back }
  }
  const report: RunReport = { routes: paths, uploaded, purge, verify, seconds: (run.clock.now() - run.started) / 1000 }
  // As the book has it now: the put-back release stamped this one's liveUntil.
  await run.book.update({ ...(run.book.info(release.id) ?? release), report })

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
async function putBack(run: Run, { live, next, switched }: Change, release: ReleaseInfo, failing: readonly string[]): Promise<string> {
  const back: PagesManifest = { ...next, routes: { ...next.routes } }
  const undo: { route: RouteEntry; html: Uint8Array | null }[] = []
  for (const path of failing) {
    const before = live.manifest.routes[path]
    if (before) {
      back.routes[path] = before
      undo.push({ route: before, html: (await keptHtml(run.store, live.releases, before)).bytes })
    } else {
      delete back.routes[path]
      undo.push({ route: switched.find((s) => s.route.path === path)!.route, html: null })
    }
  }
  // Only the release being undone is still marked live (commitRelease stamped the older ones). The
  // hooks observe the run's own switch, not this one.
  const done = await commitRelease(
    { ...run, hooks: {} },
    {
      next: back,
      switched: undo,
      replaces: [{ info: release, manifest: next }],
      info: { kind: 'rollback', switched: [...failing], from: `verify of ${release.id}` },
    },
  )
  return done.id
}
