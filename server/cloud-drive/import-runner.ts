/**
 * Runs import jobs on the job queue (job-queue.ts), in slices: a queue job says "go on with import X";
 * its worker imports X's pending files, in order, for at most `sliceMs`, then queues the next slice of X
 * and completes. An instance that dies holds its slice until pg-boss expires it (`expireSeconds` after
 * it started, found by the next maintenance), and another instance takes it again: a dead instance's
 * import goes on within expireSeconds + maintenanceSeconds + pollingSeconds (75 s by default). A stop
 * (SIGTERM, a rolling restart) hands the rest over at once. The workers are queue-worker.ts's (pg-boss's
 * own `work()` would end the process when a slice ends while PostgreSQL is away).
 *
 * A file's effect happens once whatever is killed when: the book, its upload row and the item's
 * `done` are one transaction that first locks the item and writes nothing unless it is still pending
 * (`insertImportedBook`). A slice run twice (an expiry while its instance was only slow) costs a file
 * read twice, never a second book or a second charge.
 */
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import type { Db, Queryable } from '../db/db'
import { inLane } from '../db/fair-db'
import { bossDb } from '../db/job-schema'
import { userLane } from '../http/request-lanes'
import { ApiError } from '../http/envelope'
import * as jobs from '../repositories/cloud-import-repository'
import { fileSizeMb } from '../uploads/capacity'
import { abandonUpload, receiveUpload, type UploadLimits } from '../uploads/receive-upload'
import type { UploadStorage } from '../uploads/storage'
import { BOOK_SUFFIX, currentGrant, isLive } from './cloud-drive-service'
import { bookTitle } from './import-service'
import { DEFAULT_JOB_TIMINGS, IMPORT_QUEUE, startJobQueue, type JobTimings } from './job-queue'
import { QueueWorker } from './queue-worker'
import { CLOUD_MSG } from './messages'
import { CloudDriveError, type CloudDriveProvider } from './provider'

export interface ImportRunnerOptions {
  db: Db
  provider: CloudDriveProvider
  /** Where the books' files go, like uploads. */
  storage: UploadStorage
  limits: UploadLimits
  log: FastifyBaseLogger
  timings?: Partial<JobTimings>
}

/** How long after a failed start the queue is tried again. */
const RESTART_MS = 5_000

/** Ends the job early: every pending file fails with `msg`, the job with `msg` as its reason. */
class JobStop extends Error {}

/** What a slice left: the import ended, or files are still pending. */
type SliceEnd = 'ended' | 'more'

interface SliceData {
  importId: string
}

export class ImportRunner {
  private readonly abort = new AbortController()
  private readonly timings: JobTimings
  private boss: PgBoss | null = null
  private readonly workers: QueueWorker<SliceData>[] = []
  /** Slices running on this instance. */
  private readonly slices = new Set<Promise<void>>()

  constructor(private readonly options: ImportRunnerOptions) {
    const workers = options.db.kind === 'pglite' ? 1 : (options.timings?.workers ?? DEFAULT_JOB_TIMINGS.workers)
    this.timings = { ...DEFAULT_JOB_TIMINGS, ...options.timings, workers }
  }

  /**
   * Starts the queue and this instance's workers, and queues any running import without a slice. A
   * database that cannot answer yet fails this first try (the caller logs it); the queue is then tried
   * again every `RESTART_MS` in the background until it starts or the runner stops, so an instance
   * started during a database outage still takes its share of the imports once it is back.
   */
  async start(): Promise<void> {
    try {
      await this.startOnce()
    } catch (error) {
      void this.retryStart()
      throw error
    }
  }

  private async retryStart(): Promise<void> {
    while (!this.boss && !this.abort.signal.aborted) {
      await new Promise((resolve) => setTimeout(resolve, RESTART_MS).unref())
      if (this.abort.signal.aborted) return
      await this.startOnce().catch((err: unknown) => this.options.log.warn({ err }, 'the import queue is still not started'))
    }
  }

  private async startOnce(): Promise<void> {
    if (this.abort.signal.aborted || this.boss) return
    const boss = await startJobQueue(this.options.db, this.timings)
    boss.on('error', (err: Error) => this.options.log.warn({ err }, 'cloud import queue'))
    this.boss = boss
    try {
      for (const importId of await jobs.listRunningWithoutSlice(this.options.db, IMPORT_QUEUE))
        await this.enqueue(this.options.db, importId)
    } catch (error) {
      this.boss = null
      await boss.stop({ graceful: false, close: false }).catch(() => undefined)
      throw error
    }
    for (let i = 0; i < this.timings.workers; i++) {
      const worker = new QueueWorker<SliceData>(
        boss,
        IMPORT_QUEUE,
        this.timings.pollingSeconds * 1000,
        (job) => this.runSlice(job.data.importId),
        this.options.log,
      )
      this.workers.push(worker)
    }
  }

  /**
   * Queues a slice of `importId` through `q` — the transaction that creates the import, so that both
   * are written or neither. `nudge()` once it has committed to start it here at once.
   */
  async enqueue(q: Queryable, importId: string): Promise<void> {
    const boss = this.boss
    if (!boss) throw new Error('the import queue has not started')
    await boss.send(IMPORT_QUEUE, { importId } satisfies SliceData, { singletonKey: importId, db: bossDb(q) })
  }

  /** Wakes this instance's idle workers (a slice was just queued). */
  nudge(): void {
    for (const worker of this.workers) worker.notify()
  }

  /**
   * Stops taking slices, hands the running ones over (each queues its rest) and waits for them, so
   * that nothing of the queue touches the database once this has resolved — for at most `stopGraceMs`:
   * a slice still running then (a file read that hangs) is left to expire and be taken again.
   */
  async stop(): Promise<void> {
    this.abort.abort()
    let timer: NodeJS.Timeout | undefined
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.timings.stopGraceMs)))
    try {
      await Promise.race([Promise.all(this.workers.map((worker) => worker.stop())), grace])
      await this.boss?.stop({ graceful: true, wait: true, close: false, timeout: this.timings.stopGraceMs })
      await Promise.race([Promise.allSettled([...this.slices]), grace])
    } finally {
      clearTimeout(timer)
    }
  }

  /** Waits until no import is running in the database (tests; bounded by `timeoutMs`). */
  async idle(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs
    while ((await jobs.countAllRunning(this.options.db)) > 0 || this.slices.size > 0) {
      if (Date.now() > until) throw new Error('imports still running')
      this.nudge()
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }

  private runSlice(importId: string): Promise<void> {
    const slice = this.sliceOf(importId).finally(() => this.slices.delete(slice))
    this.slices.add(slice)
    return slice
  }

  private async sliceOf(importId: string): Promise<void> {
    const job = await jobs.findRunningJob(this.options.db, importId)
    if (!job) return
    // The job's database work takes its turns in its user's lane (db/fair-db.ts), beside their requests.
    const end = await inLane(userLane(job.userId), () => this.importFiles(job)).catch(async (error: unknown) => {
      // The database away for a moment: the slice fails and pg-boss tries it again.
      if (this.abort.signal.aborted || isTransient(error)) throw error
      this.options.log.error({ err: error, jobId: importId }, 'cloud import failed')
      await this.end(importId, 'failed', CLOUD_MSG.interrupted)
      return 'ended' as const
    })
    // Not done yet (out of time, or this instance is stopping): the next slice goes on, here or elsewhere.
    if (end === 'more') await this.enqueue(this.options.db, importId)
  }

  private async end(jobId: string, status: 'done' | 'failed', reason: string): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      if (status === 'failed') await jobs.failPendingItems(tx, jobId, reason)
      await jobs.finishJob(tx, jobId, status, reason)
    })
  }

  private async importFiles(job: jobs.ImportJobRecord): Promise<SliceEnd> {
    const { db } = this.options
    const deadline = Date.now() + this.timings.sliceMs
    try {
      const pending = await jobs.listPendingItems(db, job.id)
      // Which instance runs which import, for an operator reading several instances' logs.
      this.options.log.info({ jobId: job.id }, `cloud import ${job.id}: a slice runs here, ${pending.length} files to go`)
      for (const item of pending) {
        if (this.abort.signal.aborted || Date.now() > deadline) return 'more'
        await this.importOne(job, item)
      }
    } catch (error) {
      if (this.abort.signal.aborted) return 'more'
      if (error instanceof JobStop) {
        await this.end(job.id, 'failed', error.message)
        return 'ended'
      }
      throw error
    }
    if (this.abort.signal.aborted) return 'more'
    const items = await jobs.listItems(db, job.id)
    if (items.some((i) => i.status === 'pending')) return 'more'
    const allFailed = items.length > 0 && items.every((i) => i.status === 'failed')
    await this.end(job.id, allFailed ? 'failed' : 'done', allFailed ? CLOUD_MSG.allFailed : '')
    return 'ended'
  }

  /** Reads one file into the uploads' storage and makes it a picture book, or records why not. */
  private async importOne(job: jobs.ImportJobRecord, item: jobs.ImportItemRecord): Promise<void> {
    const { db, provider, storage, limits } = this.options
    // A renewal the drive did not answer (the grant already past its expiry) stops the job like an expiry.
    const grant = await currentGrant(db, provider, job.userId).catch((error: unknown) => {
      throw error instanceof CloudDriveError ? new JobStop(CLOUD_MSG.unavailable) : error
    })
    if (!grant || !isLive(grant)) throw new JobStop(CLOUD_MSG.authExpired)
    let fileName: string | null = null
    try {
      const source = await provider.read(grant, item.fsId, this.abort.signal)
      const received = await receiveUpload(source, () => false, { storage, db }, limits)
      fileName = received.fileName
      if (received.kind.ext !== BOOK_SUFFIX) throw new ApiError(400, CLOUD_MSG.invalidPdf)
      // The job reserved the listed size; the bytes read are what is stored, and must fit too.
      const added = await jobs.insertImportedBook(db, {
        userId: job.userId,
        jobId: job.id,
        position: item.position,
        folderId: item.folderId,
        title: bookTitle(item.name),
        reservedMb: item.sizeMb,
        sizeMb: fileSizeMb(received.sizeBytes),
        suffix: BOOK_SUFFIX,
        fileName: received.fileName,
        originalName: item.name.slice(0, 255),
        mimeType: received.kind.mime,
        sizeBytes: received.sizeBytes,
      })
      // Another slice finished this file first (this one was taken again after an expiry): nothing to do.
      if (added === 'already-done') {
        await abandonUpload({ storage, db }, received.fileName)
        return
      }
      // Deleted before the book could go in: the file fails.
      if (added === 'folder-gone') throw new ApiError(404, CLOUD_MSG.targetGone)
      if (added === 'no-room') throw new ApiError(409, CLOUD_MSG.capacity, 'CAPACITY')
    } catch (error) {
      if (fileName) await abandonUpload({ storage, db }, fileName)
      if (this.abort.signal.aborted) throw error
      if (error instanceof CloudDriveError && error.kind === 'auth-expired') throw new JobStop(CLOUD_MSG.authExpired)
      await jobs.finishItem(db, job.id, item.position, { status: 'failed', msg: itemMessage(error) })
      // Why, for ops (the user reads the item's message): the drive's answer, or what else went wrong.
      if (error instanceof CloudDriveError) {
        this.options.log.info({ jobId: job.id, fsId: item.fsId, kind: error.kind, detail: error.message }, 'cloud import: a file failed')
      } else if (!(error instanceof ApiError)) {
        this.options.log.warn({ err: error, jobId: job.id, fsId: item.fsId }, 'cloud import: a file failed')
      }
    }
  }
}

/** A failure of the connection to the database (SQLSTATE classes 08 and 57P, a refused socket), not of the import. */
function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (/^(08|57P)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code))
}

/** Why one file failed, in words for the user. */
function itemMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // receiveUpload's 400s (not an accepted type, empty) mean the bytes are no PDF.
    return error.statusCode === 400 ? CLOUD_MSG.invalidPdf : error.message
  }
  return CLOUD_MSG.readFailed
}
