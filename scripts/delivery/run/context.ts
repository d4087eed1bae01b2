/**
 * One run of deploy, rollback or prune, as its steps see it: the target, the lock it holds, where it
 * tells the operator what it did, and when it started. Made once by `startRun` (locked-run.ts); every
 * step takes it whole instead of picking options out of the command's.
 */
import type { KeyObject } from 'node:crypto'
import type { ReleaseEvent } from '../../../common/telemetry/health.ts'
import type { Clock } from '../clock.ts'
import type { RouteEntry } from '../manifest.ts'
import type { Notice } from '../notice.ts'
import type { ReleaseBook } from '../releases/book.ts'
import type { HeldLock } from '../releases/lock.ts'
import type { Store } from '../store/store.ts'

/** Observation points for callers and tests (a throw here interrupts the run at that point). */
export interface DeliveryHooks {
  /** Called before each route's HTML is switched. */
  beforeHtml?: (route: RouteEntry) => void | Promise<void>
  /** Called after each route's HTML is switched (before `current` moves). */
  afterHtml?: (route: RouteEntry) => void | Promise<void>
}

export interface Run {
  store: Store
  /** The target's release records, read once at the start (through their index). */
  book: ReleaseBook
  /** Plan and check only: nothing is written. */
  dryRun: boolean
  /** The target's lock, held for the whole run; `null` in a dry run, which writes nothing. */
  lock: HeldLock | null
  hooks: DeliveryHooks
  notice: Notice
  clock: Clock
  /** When the run started (`clock.now()`), for the report's time taken. */
  started: number
  /**
   * Tells the health API what this run made live (`POST /ops/releases`, `--health`): only releases it was
   * told of are counted and judged (docs/telemetry.md "Who can move a decision"). Absent: nobody to tell.
   */
  tell?: (events: readonly Omit<ReleaseEvent, 'at'>[]) => Promise<void>
  /** The key that signs `rollout.json` (docs/rollout.md); `null`: none given, and a target with one refuses. */
  rollout: RolloutSigning | null
}

/** How a run signs the rollout document. */
export interface RolloutSigning {
  /** The Ed25519 private key (scripts/delivery/rollout/sign.ts `signingKeyFromEnv`). */
  key: KeyObject
  /** The lowest app version of the releases this run publishes (PACKAGE_MIN_APP_VERSION when absent). */
  minAppVersion?: string
}

/** What a caller may set of a run (the rest comes from the target). */
export interface RunOptions {
  /** Plan and check only; write nothing (and take no lock). */
  dryRun?: boolean
  hooks?: DeliveryHooks
  notice?: Notice
  /** The run's time (systemClock): the lock's age, the watch's window (tests). */
  clock?: Clock
  /** When the run started (`Date.now()`); now when absent. */
  started?: number
  /** The health API to tell what the run makes live (Run.tell). */
  tell?: Run['tell']
  /** Sign and write `rollout.json` (Run.rollout). */
  rollout?: RolloutSigning
}
