/**
 * Every writing run holds the target's lock (releases/lock.ts), reads the release records once (book.ts),
 * naming each damaged one it skips, and starts by deleting what an interrupted run left: its temp files
 * and a half-written release record. It writes the records' index last. A store failure (a full disk, a
 * bucket still failing after the retries) ends the run in one line that says what was and was not
 * switched.
 */
import { systemClock } from '../clock.ts'
import { DeliveryError } from '../errors.ts'
import { toStderr } from '../notice.ts'
import { ReleaseBook } from '../releases/book.ts'
import { withLock } from '../releases/lock.ts'
import type { Store } from '../store/store.ts'
import { CutShort } from './commit.ts'
import type { Run, RunOptions } from './context.ts'

/** Runs `body` as one run of `store`: a dry run as it is, any other one under the lock. */
export async function startRun<T>(store: Store, options: RunOptions, body: (run: Run) => Promise<T>): Promise<T> {
  const notice = options.notice ?? toStderr
  const clock = options.clock ?? systemClock
  const base = {
    store,
    hooks: options.hooks ?? {},
    notice,
    clock,
    started: options.started ?? clock.now(),
    ...(options.tell ? { tell: options.tell } : {}),
    rollout: options.rollout ?? null,
  }
  if (options.dryRun) {
    const book = await ReleaseBook.open(store)
    nameDamaged(book, notice)
    return body({ ...base, book, dryRun: true, lock: null })
  }
  return withLock(
    store,
    async (lock) => {
      try {
        const removed = await store.removeLeftovers()
        if (removed > 0) notice(`removed ${removed} temporary file${removed === 1 ? '' : 's'} left by an interrupted run`)
        const book = await ReleaseBook.open(store)
        nameDamaged(book, notice)
        const incomplete = await book.removeIncomplete()
        if (incomplete.length > 0) notice(`removed the incomplete release record ${incomplete.join(', ')} left by an interrupted run`)
        const result = await body({ ...base, book, dryRun: false, lock })
        lock.assertHeld()
        await book.save()
        return result
      } catch (error) {
        throw await asRefusal(store, error)
      }
    },
    { notice, clock },
  )
}

/** Every run names the records it skips. */
export function nameDamaged(book: ReleaseBook, notice: Run['notice']): void {
  for (const d of book.damaged) notice(`skipped the damaged release record ${d.id}: ${d.problem} (fix or delete .releases/${d.id}/)`)
}

/** A store failure as a one-line refusal saying what was switched; any other error as it is. */
async function asRefusal(store: Store, error: unknown): Promise<unknown> {
  const inner = error instanceof CutShort ? error.cause : error
  const cause = store.failure(inner)
  if (cause === null) return inner
  await store.removeLeftovers().catch(() => 0)
  const outcome =
    error instanceof CutShort
      ? `switched: ${list(error.switched)}; not switched: ${list(error.notSwitched)} (each page serves a complete old or new version; the same command finishes the switch)`
      : 'no page was switched: every page still serves a complete version'
  return new DeliveryError(`${cause}; ${outcome}`)
}

const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none')
