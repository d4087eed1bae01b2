/**
 * The uploads collector, on start and every 15 minutes (issue 17 item 4, issue 32 item 1), on every
 * instance, on either storage (disk or bucket). It deletes:
 * - unattached uploads older than a day, row and file;
 * - covers no folder shows any more, row and file (a delete or an edit releases them at once; this
 *   catches the ones an older server left);
 * - stored files without a row that are not being written, 10 minutes after they were last written: a
 *   crash between storing a file and recording it (an upload, an import), or between deleting a row and
 *   its file. A write is recorded (upload_writes) before its first byte and until its row is in, so no
 *   collector — of this instance or of another one sharing the bucket — deletes a file being written,
 *   whatever the clocks say (the 10 minutes, by the store's clock against this instance's, are a second
 *   guard for a writer that would not record its write); a write recorded more than two hours ago is a
 *   writer that died, and is forgotten;
 * - part files of this instance (`.<id>.part`, a file arriving) not written for 10 minutes: a crash
 *   mid-upload (a body that stalls 30 s is cut, so a live one is never that old).
 * Two collectors at once are harmless: the row deletions lock their rows, and removing a file twice is
 * removing it once.
 */
import { readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/db'
import { deleteStaleUploads, deleteStaleWrites, deleteUnusedCovers, knownFileNames } from '../repositories/uploads-repository'
import type { UploadStorage } from './storage'
import { removeUploadFiles } from './upload-files'

export const UPLOAD_MAX_AGE_SECONDS = 24 * 60 * 60
export const ORPHAN_GRACE_MS = 10 * 60 * 1000
/** A write recorded longer ago than this is a writer that died (an upload takes at most 30 minutes). */
export const WRITE_MAX_AGE_SECONDS = 2 * 60 * 60
const EVERY_MS = 15 * 60 * 1000

const PART_FILE = /^\.[0-9a-f]{32}\.part$/

export interface CollectOptions {
  maxAgeSeconds?: number
  orphanGraceMs?: number
  writeMaxAgeSeconds?: number
}

/** The stored files that have no row, are not being written, and were last written more than `graceMs` ago. */
async function orphanFiles(db: Db, storage: UploadStorage, graceMs: number): Promise<string[]> {
  const before = Date.now() - graceMs
  const orphans: string[] = []
  for await (const files of storage.list()) {
    const old = files.filter((file) => file.modifiedMs < before).map((file) => file.name)
    const known = await knownFileNames(db, old)
    orphans.push(...old.filter((name) => !known.has(name)))
  }
  return orphans
}

/** This instance's part files last written more than `graceMs` ago. */
async function staleParts(partsDir: string, graceMs: number): Promise<string[]> {
  const before = Date.now() - graceMs
  const stale: string[] = []
  for (const name of (await readdir(partsDir).catch(() => [])).filter((n) => PART_FILE.test(n))) {
    const info = await stat(join(partsDir, name)).catch(() => null)
    if (info?.isFile() && info.mtimeMs < before) stale.push(name)
  }
  return stale
}

/** Deletes what nothing uses any more (see above); returns the file names removed. */
export async function collectUploads(db: Db, storage: UploadStorage, options: CollectOptions = {}): Promise<string[]> {
  const { maxAgeSeconds = UPLOAD_MAX_AGE_SECONDS, orphanGraceMs = ORPHAN_GRACE_MS, writeMaxAgeSeconds = WRITE_MAX_AGE_SECONDS } = options
  const rows = await db.transaction(async (tx) => [...(await deleteStaleUploads(tx, maxAgeSeconds)), ...(await deleteUnusedCovers(tx))])
  await removeUploadFiles(storage, rows)
  await deleteStaleWrites(db, writeMaxAgeSeconds)
  const orphans = await orphanFiles(db, storage, orphanGraceMs)
  await removeUploadFiles(storage, orphans)
  const parts = await staleParts(storage.partsDir, orphanGraceMs)
  await Promise.allSettled(parts.map((name) => rm(join(storage.partsDir, name), { force: true })))
  return [...rows, ...orphans, ...parts]
}

/** Runs the collection when `app` is ready and every 15 minutes until it closes. */
export function scheduleUploadCollection(app: FastifyInstance, db: Db, storage: UploadStorage): void {
  let timer: NodeJS.Timeout | undefined
  const run = () =>
    collectUploads(db, storage)
      .then((names) => {
        if (names.length > 0) app.log.info(`collected ${names.length} unused uploads`)
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'collecting unused uploads failed'))
  app.addHook('onReady', async () => {
    await run()
    timer = setInterval(() => void run(), EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
