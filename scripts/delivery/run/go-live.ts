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
import { markInterrupted, type Interrupted } from './recover.ts'
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
  /** Files of `public/` this run replaced: purged with the pages (they are cached for an hour). */
  replaced?: readonly string[]
  /** Releases a killed run left `running`: their switched pages are purged and verified with these (recover.ts). */
  carried?: readonly Interrupted[]
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
  const { book } = run
  const { live, next, switched, uploaded, carried = [], replaced = [] } = change
  const info = { ...change.info, state: 'running' as const, previous: book.current }
  const release = await commitRelease(run, { next, switched, replaces: live.releases, info })
  await markInterrupted(run, carried, release.id)
  const paths = switched.map((s) => s.route.path)
  // The pages a killed run switched and never purged nor verified, unless this run switched them again.
  const finishing = carried
    .flatMap((c) => c.switched)
    .filter((entry) => !paths.includes(entry.path) && next.routes[entry.path]?.html.sha256 === entry.html.sha256)
  const routes = [...switched.map((s) => s.route), ...finishing]
  const purgeAll = async (of: readonly string[], files: readonly string[] = []) => {
    const urls = [...purgeUrls(after.publicUrl!, of), ...files.map((f) => new URL(f, `${after.publicUrl!.replace(/\/+$/, '')}/`).href)]
    return { urls, error: await runPurge(after.purge!, urls) }
  }
  const purge =
    after.purge !== undefined && routes.length + replaced.length > 0
      ? await purgeAll(
          routes.map((r) => r.path),
          replaced,
        )
      : null

  let verify: RunReport['verify'] = null
  if (after.verify && routes.length > 0) {
    const outcome = await verifyPages(after.publicUrl!, routes)
    const failing = [...new Set(outcome.failures.map((f) => f.path))]
    const back = failing.length > 0 ? await putBack(run, change, release, failing) : null
    if (back && purge) {
      const again = await purgeAll(back.paths)
      purge.error ??= again.error
    }
    verify = { publicUrl: after.publicUrl!, ...outcome, rolledBack: back?.paths ?? [], rollbackRelease: back?.release ?? null }
  }
  const report: RunReport = {
    routes: paths,
    ...(replaced.length > 0 ? { replaced: [...replaced] } : {}),
    ...(carried.length > 0 ? { carried: carried.map((c) => ({ release: c.info.id, routes: c.switched.map((e) => e.path) })) } : {}),
    uploaded,
    purge,
    verify,
    seconds: (run.clock.now() - run.started) / 1000,
  }
  // As the book has it now (the put-back release stamped this one's liveUntil), and no longer running.
  await book.update(finished({ ...(book.info(release.id) ?? release), report }))

  if (verify && verify.failures.length > 0) {
    const why = verify.failures.map((f) => `  ${f.path}: ${f.url} ${f.problem}`)
    throw new DeliveryError(
      [
        `verify failed at ${verify.publicUrl}; put back to what was live before: ${verify.rolledBack.join(', ') || 'none'} (release ${verify.rollbackRelease})`,
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

/** A record whose run ended: no `state`. */
function finished(info: ReleaseInfo): ReleaseInfo {
  const { state: _, ...done } = info
  return done
}

/**
 * Puts the failing pages back to the entry they had before this run (or removes a page that is new); a
 * page a killed run switched goes back to what it served before that run, when that release is kept.
 */
async function putBack(
  run: Run,
  { live, next, switched, carried = [] }: Change,
  release: ReleaseInfo,
  failing: readonly string[],
): Promise<{ release: string; paths: string[] } | null> {
  const back: PagesManifest = { ...next, routes: { ...next.routes } }
  const undo: { route: RouteEntry; html: Uint8Array | null }[] = []
  for (const path of failing) {
    const own = switched.some((s) => s.route.path === path)
    const from = carried.find((c) => c.before.has(path))
    if (!own && !from) continue // what it served before the killed run is not kept: left as it is, named in the failures
    const before = own ? (live.manifest.routes[path] ?? null) : from!.before.get(path)!
    const now = next.routes[path]!
    if (before) {
      back.routes[path] = before
      undo.push({ route: before, html: (await keptHtml(run.store, run.book.releases, before)).bytes })
    } else {
      delete back.routes[path]
      undo.push({ route: now, html: null })
    }
  }
  if (undo.length === 0) return null
  const paths = undo.map((u) => u.route.path)
  // Only the release being undone is still marked live (commitRelease stamped the older ones). The
  // hooks observe the run's own switch, not this one.
  const done = await commitRelease(
    { ...run, hooks: {} },
    {
      next: back,
      switched: undo,
      replaces: [{ info: release, manifest: next }],
      info: { kind: 'rollback', switched: paths, from: `verify of ${release.id}`, previous: release.id },
    },
  )
  return { release: done.id, paths }
}
