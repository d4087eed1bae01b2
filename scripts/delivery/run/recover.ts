/**
 * A run killed after switching some pages (SIGKILL, a lost machine) leaves its record `running`: those
 * pages serve its version, but were never purged from the CDN nor verified, and its record names every
 * page it meant to switch. The next deploy or rollback (under the lock, so that run is gone) finds it,
 * purges and verifies those pages with its own (go-live.ts), and writes the record as it really went.
 */
import type { RouteEntry } from '../manifest.ts'
import type { ReleaseBook } from '../releases/book.ts'
import type { LiveState } from '../releases/live-state.ts'
import type { ReleaseInfo } from '../releases/records.ts'
import type { Run } from './context.ts'

/** A release whose run was killed mid-way, as the next run found it. */
export interface Interrupted {
  info: ReleaseInfo
  /** Its pages that serve its version now: switched, and left unpurged and unverified. */
  switched: RouteEntry[]
  /** The pages it meant to switch and did not. */
  notSwitched: string[]
  /**
   * What each switched page served before it (in the release `current` named when it started; `null`:
   * the page was new), for a put-back when verify fails; absent when that release is not kept.
   */
  before: Map<string, RouteEntry | null>
}

/** The releases left `running` by a killed run, with what they really switched. */
export function findInterrupted(book: ReleaseBook, live: LiveState): Interrupted[] {
  return book.releases
    .filter((r) => r.info.state === 'running')
    .map(({ info, manifest }) => {
      const switched = info.switched
        .map((path) => manifest.routes[path])
        .filter((entry): entry is RouteEntry => entry !== undefined && live.manifest.routes[entry.path]?.html.sha256 === entry.html.sha256)
      const previous = info.previous ? book.releases.find((r) => r.info.id === info.previous) : undefined
      const before = new Map<string, RouteEntry | null>()
      if (previous) for (const entry of switched) before.set(entry.path, previous.manifest.routes[entry.path] ?? null)
      return { info, switched, notSwitched: info.switched.filter((p) => !switched.some((e) => e.path === p)), before }
    })
}

/** Writes each interrupted record as it went: the pages it really switched, and who found it. */
export async function markInterrupted({ book, clock }: Run, found: readonly Interrupted[], foundBy: string): Promise<void> {
  for (const { info, switched, notSwitched } of found) {
    await book.update({
      ...(book.info(info.id) ?? info),
      switched: switched.map((e) => e.path),
      state: 'interrupted',
      interrupted: { foundBy, at: new Date(clock.now()).toISOString(), notSwitched },
    })
  }
}
