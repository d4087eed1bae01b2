/**
 * The switch, shared by deploy, rollback and a put-back: record the release (with a copy of every route's
 * HTML), then switch the HTML of the changed routes (last, each object in one step), then move the
 * `current` pointer and mark the releases it replaced as no longer live.
 */
import { DeliveryError } from '../errors.ts'
import { sha256 } from '../hash.ts'
import type { PagesManifest, RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import type { Release, ReleaseInfo } from '../releases/records.ts'
import type { Run } from './context.ts'

/** An error in the middle of the HTML switch, with the routes switched before it. */
export class CutShort extends Error {
  constructor(
    override readonly cause: unknown,
    readonly switched: string[],
    readonly notSwitched: string[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
  }
}

export interface Commit {
  /** The manifest of every route after this release. */
  next: PagesManifest
  /** The routes whose HTML changes, with their new bytes (`null`: the route goes away). */
  switched: { route: RouteEntry; html: Uint8Array | null }[]
  /** The releases this one replaces (those not yet marked so are marked no longer live). */
  replaces: readonly Release[]
  info: Omit<ReleaseInfo, 'id' | 'createdAt'>
}

/**
 * Records the release, then switches the HTML of the changed routes, then points `current` at the
 * release. The release is written first so that, if the switch is cut short, the next run still knows
 * which assets the half-switched routes load.
 */
export async function commitRelease(run: Run, { next, switched, replaces, info }: Commit): Promise<ReleaseInfo> {
  const { store, book, lock, hooks } = run
  const newBytes = new Map(switched.map((s) => [s.route.path, s.html]))
  const routes = Object.values(next.routes)
  const html = await mapLimit(routes, PARALLEL, async (route) => {
    const bytes = newBytes.get(route.path) ?? (await store.get(route.html.file))
    if (!bytes || sha256(bytes) !== route.html.sha256) {
      throw new DeliveryError(`${route.html.file} changed while deploying; nothing was switched, run again`)
    }
    return [route.html.file, bytes] as const
  })
  lock?.assertHeld()
  const { canaries: given, ...plain } = info
  const canaries = given ?? carriedCanaries(run, next, switched)
  const release = await book.create(
    { ...plain, ...(canaries && Object.keys(canaries).length > 0 ? { canaries } : {}) },
    next,
    new Map(html),
  )
  const done: string[] = []
  try {
    for (const { route, html: bytes } of switched) {
      lock?.assertHeld()
      await hooks.beforeHtml?.(route)
      if (bytes) await store.put(route.html.file, bytes)
      else await store.delete(route.html.file)
      done.push(route.path)
      await hooks.afterHtml?.(route)
    }
  } catch (error) {
    throw new CutShort(
      error,
      done,
      switched.map((s) => s.route.path).filter((p) => !done.includes(p)),
    )
  }
  await book.setCurrent(release.id)
  await tellSwitched(run, release, switched)
  // Every earlier release is now replaced: its assets stop being live here (prune's grace period).
  const liveUntil = new Date().toISOString()
  await mapLimit(
    replaces.filter((r) => r.info.liveUntil === undefined && r.info.id !== release.id),
    PARALLEL,
    (r) => book.update({ ...(book.info(r.info.id) ?? r.info), liveUntil }),
  )
  return release
}

/**
 * The current release's canaries that stay canaries after this switch: not those of a route it switches
 * (a promote, a rollback: the route's own HTML moves, so its canary ends) nor one its route already
 * serves (a promote a killed run got as far as the switch).
 */
function carriedCanaries({ book }: Run, next: PagesManifest, switched: Commit['switched']): ReleaseInfo['canaries'] {
  const now = book.current ? book.info(book.current)?.canaries : undefined
  if (!now) return undefined
  const moved = new Set(switched.map((s) => s.route.path))
  const kept = Object.entries(now).filter(([path, c]) => !moved.has(path) && next.routes[path]?.release !== c.entry.release)
  return kept.length > 0 ? Object.fromEntries(kept) : undefined
}

/**
 * Tells the health API which releases the commit made live: a deploy's `live`, any other switch's
 * `rollback` (a copy like `/wechat` reports as its page, so only pages are told). A health API that cannot
 * be told is said, never fatal: the pages are switched; their reports count once it is told.
 */
async function tellSwitched(run: Run, release: ReleaseInfo, switched: Commit['switched']): Promise<void> {
  if (!run.tell) return
  const events = switched.flatMap(({ route, html }) =>
    html && route.release && route.aliasOf === undefined
      ? [
          {
            route: route.path,
            release: route.release,
            kind: release.kind === 'deploy' ? ('live' as const) : ('rollback' as const),
            run: release.id,
          },
        ]
      : [],
  )
  if (events.length === 0) return
  try {
    await run.tell(events)
  } catch (error) {
    run.notice(
      `warning: the health API was not told of ${events.map((e) => `${e.route} ${e.release}`).join(', ')} (${(error as Error).message}): their field reports are not counted until a deploy or rollback with --health tells it`,
    )
  }
}
