/**
 * The queue import jobs run on: pg-boss (issue 40 item 2), over the server's own `Db`, so the same code
 * runs on PostgreSQL with any number of instances and on the demo's PGlite with one worker.
 *
 * Why pg-boss (10.4, the last line that runs on Node 20; 11+ needs Node 22): it takes a custom `db`
 * (`executeSql`), which Graphile Worker does not (it wants a node-postgres pool and LISTEN/NOTIFY, which
 * PGlite in its worker thread cannot give), so the demo needs no second code path; its jobs are rows
 * taken with `FOR UPDATE SKIP LOCKED` (one instance at a time), sent in the caller's transaction (an
 * import and its job are written together or not at all), expired and retried by a maintenance every
 * instance takes part in (one runs it per interval), and failed over on a graceful stop.
 */
import PgBoss from 'pg-boss'
import type { Db } from '../db/db'
import { bossDb, JOB_SCHEMA } from '../db/job-schema'
import { StartRefusal } from '../start-refusal'

/** The queue of import slices: `{ importId }`, one queued slice per import at most (`short`). */
export const IMPORT_QUEUE = 'cloud-import'

/** How the queue runs; the defaults are docs/server.md's, tests shorten them. */
export interface JobTimings {
  /** A slice of an import runs at most this long, then hands the rest to a new job (ms). */
  sliceMs: number
  /** A slice whose instance died is taken back this long after it started (s). */
  expireSeconds: number
  /** Expired slices are looked for this often, by one instance of all (s). */
  maintenanceSeconds: number
  /** An idle worker asks for work this often (s; at least 0.5). */
  pollingSeconds: number
  /** Workers per instance: imports run side by side (1 on PGlite, which runs one statement at a time). */
  workers: number
  /** On stop, how long the slices running may take to hand over (ms). */
  stopGraceMs: number
}

export const DEFAULT_JOB_TIMINGS: JobTimings = {
  sliceMs: 20_000,
  expireSeconds: 60,
  maintenanceSeconds: 10,
  pollingSeconds: 2,
  workers: 3,
  stopGraceMs: 10_000,
}

/**
 * `IMPORT_JOB_TIMINGS`: a JSON object with any of JobTimings' fields (the rest keep their defaults), to
 * trade how soon a dead instance's import goes on (`expireSeconds`, which must stay above a slice's
 * `sliceMs` plus the longest file read) against how often the queue polls. Anything else refuses the start.
 */
export function jobTimingsFromEnv(value = process.env.IMPORT_JOB_TIMINGS): Partial<JobTimings> {
  if (!value) return {}
  const refuse = (why: string) =>
    new StartRefusal(`IMPORT_JOB_TIMINGS ${why}: give a JSON object of ${Object.keys(DEFAULT_JOB_TIMINGS).join(', ')}`)
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    throw refuse('is not JSON')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse('is not an object')
  for (const [name, field] of Object.entries(parsed)) {
    if (!(name in DEFAULT_JOB_TIMINGS)) throw refuse(`has an unknown field ${name}`)
    if (typeof field !== 'number' || !(field > 0)) throw refuse(`${name} must be a positive number`)
    if (name === 'workers' && !Number.isInteger(field)) throw refuse('workers must be a whole number')
  }
  const timings = parsed as Partial<JobTimings>
  if (timings.pollingSeconds !== undefined && timings.pollingSeconds < 0.5) throw refuse('pollingSeconds must be at least 0.5')
  const sliceMs = timings.sliceMs ?? DEFAULT_JOB_TIMINGS.sliceMs
  if ((timings.expireSeconds ?? DEFAULT_JOB_TIMINGS.expireSeconds) * 1000 <= sliceMs)
    throw refuse('expireSeconds must be longer than sliceMs')
  return timings
}

/**
 * A started pg-boss with the import queue made (idempotent across instances). Its schema is a
 * migration (db/job-schema.ts): missing or old, the start fails rather than change it.
 */
export async function startJobQueue(db: Db, timings: JobTimings): Promise<PgBoss> {
  const boss = new PgBoss({
    db: bossDb(db),
    schema: JOB_SCHEMA,
    migrate: false,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: timings.maintenanceSeconds,
    // Finished slices are history: kept a day for an operator to look at, then deleted.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  })
  await boss.start()
  await boss.createQueue(IMPORT_QUEUE, {
    name: IMPORT_QUEUE,
    policy: 'short',
    expireInSeconds: timings.expireSeconds,
    // A slice that failed (the database away, an expiry) is tried again 2 s later; the import's own
    // state says what is left, so a retry only does the files still pending.
    retryLimit: 1000,
    retryDelay: 2,
  })
  return boss
}
