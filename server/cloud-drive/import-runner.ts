/**
 * Runs import jobs inside the server, one file at a time per job. Progress lives in the database
 * (cloud_import_items), so a job survives a restart: `resumeAll` at start-up continues every
 * running job where it stopped, and a job that cannot go on ends as `failed` with its reason,
 * never left running.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/db'
import { inLane } from '../db/fair-db'
import { ApiError } from '../http/envelope'
import { findGrant } from '../repositories/cloud-grants-repository'
import * as jobs from '../repositories/cloud-import-repository'
import { fileSizeMb } from '../uploads/capacity'
import { abandonUpload, receiveUpload, type UploadLimits } from '../uploads/receive-upload'
import type { UploadStorage } from '../uploads/storage'
import { BOOK_SUFFIX, isLive } from './cloud-drive-service'
import { bookTitle } from './import-service'
import { CLOUD_MSG } from './messages'
import { CloudDriveError, type CloudDriveProvider } from './provider'

export interface ImportRunnerOptions {
  db: Db
  provider: CloudDriveProvider
  /** Where the books' files go, like uploads. */
  storage: UploadStorage
  limits: UploadLimits
  log: FastifyBaseLogger
}

/** Ends the job early: every pending file fails with `msg`, the job with `msg` as its reason. */
class JobStop extends Error {}

export class ImportRunner {
  private readonly running = new Map<string, Promise<void>>()
  private readonly abort = new AbortController()

  constructor(private readonly options: ImportRunnerOptions) {}

  /** Starts (or keeps running) the job; returns when it has ended or the runner stopped. */
  start(jobId: string): Promise<void> {
    const existing = this.running.get(jobId)
    if (existing) return existing
    if (this.abort.signal.aborted) return Promise.resolve()
    const run = this.run(jobId)
      .catch(async (error: unknown) => {
        if (this.abort.signal.aborted) return
        this.options.log.error({ err: error, jobId }, 'cloud import failed')
        await this.end(jobId, 'failed', CLOUD_MSG.interrupted).catch(() => undefined)
      })
      .finally(() => this.running.delete(jobId))
    this.running.set(jobId, run)
    return run
  }

  /** Continues every job left running by a previous server (start-up). */
  async resumeAll(): Promise<void> {
    for (const job of await jobs.listRunningJobs(this.options.db)) void this.start(job.id)
  }

  /** Stops taking work, interrupts the files being read and waits; unfinished jobs stay running. */
  async stop(): Promise<void> {
    this.abort.abort()
    await Promise.all(this.running.values())
  }

  /** Waits for every job in progress (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values())
  }

  private async end(jobId: string, status: 'done' | 'failed', reason: string, pendingMsg = reason): Promise<void> {
    await this.options.db.transaction(async (tx) => {
      if (status === 'failed') await jobs.failPendingItems(tx, jobId, pendingMsg)
      await jobs.finishJob(tx, jobId, status, reason)
    })
  }

  private async run(jobId: string): Promise<void> {
    const { db } = this.options
    const [job] = (await jobs.listRunningJobs(db)).filter((j) => j.id === jobId)
    if (!job) return
    // The job's database work takes its turns in its user's lane (db/fair-db.ts), beside their requests.
    return inLane(`user:${job.userId}`, () => this.runJob(job))
  }

  private async runJob(job: jobs.ImportJobRecord): Promise<void> {
    const { db } = this.options
    const jobId = job.id
    try {
      for (const item of (await jobs.listItems(db, jobId)).filter((i) => i.status === 'pending')) {
        if (this.abort.signal.aborted) return
        await this.importOne(job, item)
      }
    } catch (error) {
      if (this.abort.signal.aborted) return
      if (error instanceof JobStop) return this.end(jobId, 'failed', error.message)
      throw error
    }
    if (this.abort.signal.aborted) return
    const items = await jobs.listItems(db, jobId)
    const allFailed = items.length > 0 && items.every((i) => i.status === 'failed')
    await this.end(jobId, allFailed ? 'failed' : 'done', allFailed ? CLOUD_MSG.allFailed : '')
  }

  /** Reads one file into the uploads folder and makes it a picture book, or records why not. */
  private async importOne(job: jobs.ImportJobRecord, item: jobs.ImportItemRecord): Promise<void> {
    const { db, provider, storage, limits } = this.options
    const grant = await findGrant(db, job.userId)
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
      // Deleted before the book could go in: the file fails.
      if (added === 'folder-gone') throw new ApiError(404, CLOUD_MSG.targetGone)
      if (added === 'no-room') throw new ApiError(409, CLOUD_MSG.capacity, 'CAPACITY')
    } catch (error) {
      if (fileName) await abandonUpload({ storage, db }, fileName)
      if (this.abort.signal.aborted) throw error
      if (error instanceof CloudDriveError && error.kind === 'auth-expired') throw new JobStop(CLOUD_MSG.authExpired)
      await jobs.finishItem(db, job.id, item.position, { status: 'failed', msg: itemMessage(error) })
      if (!(error instanceof ApiError) && !(error instanceof CloudDriveError)) {
        this.options.log.warn({ err: error, jobId: job.id, fsId: item.fsId }, 'cloud import: a file failed')
      }
    }
  }
}

/** Why one file failed, in words for the user. */
function itemMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // receiveUpload's 400s (not an accepted type, empty) mean the bytes are no PDF.
    return error.statusCode === 400 ? CLOUD_MSG.invalidPdf : error.message
  }
  return CLOUD_MSG.readFailed
}
