/**
 * The uploads collector, on start and every 15 minutes (issue 17 item 4, issue 32 item 1). It deletes:
 * - unattached uploads older than a day, row and file;
 * - covers no folder shows any more, row and file (a delete or an edit releases them at once; this
 *   catches the ones an older server left);
 * - files of the uploads folder without a row, 10 minutes after they were last written: a crash
 *   between writing a file and recording it (an upload, an import), or between deleting a row and
 *   its file. Younger ones may be a request still on its way to its row.
 */
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/db'
import { deleteStaleUploads, deleteUnusedCovers, knownFileNames } from '../repositories/uploads-repository'
import { removeUploadFiles } from './upload-files'

export const UPLOAD_MAX_AGE_SECONDS = 24 * 60 * 60
export const ORPHAN_GRACE_MS = 10 * 60 * 1000
const EVERY_MS = 15 * 60 * 1000

/** A stored upload (`<32 hex>.<ext>`) or one being written (`.<32 hex>.part`, receive-upload.ts). */
const UPLOAD_FILE = /^(?:[0-9a-f]{32}\.[a-z]+|\.[0-9a-f]{32}\.part)$/

/** Names looked up in one query. */
const BATCH = 500

export interface CollectOptions {
  maxAgeSeconds?: number
  orphanGraceMs?: number
}

/** The files of `uploadsDir` that have no row and were last written more than `graceMs` ago. */
async function orphanFiles(db: Db, uploadsDir: string, graceMs: number): Promise<string[]> {
  const names = (await readdir(uploadsDir)).filter((name) => UPLOAD_FILE.test(name))
  const before = Date.now() - graceMs
  const old: string[] = []
  for (const name of names) {
    const info = await stat(join(uploadsDir, name)).catch(() => null)
    if (info?.isFile() && info.mtimeMs < before) old.push(name)
  }
  const orphans: string[] = []
  for (let i = 0; i < old.length; i += BATCH) {
    const batch = old.slice(i, i + BATCH)
    const known = await knownFileNames(db, batch)
    orphans.push(...batch.filter((name) => !known.has(name)))
  }
  return orphans
}

/** Deletes what nothing uses any more (see above); returns the file names removed. */
export async function collectUploads(db: Db, uploadsDir: string, options: CollectOptions = {}): Promise<string[]> {
  const { maxAgeSeconds = UPLOAD_MAX_AGE_SECONDS, orphanGraceMs = ORPHAN_GRACE_MS } = options
  const rows = await db.transaction(async (tx) => [...(await deleteStaleUploads(tx, maxAgeSeconds)), ...(await deleteUnusedCovers(tx))])
  await removeUploadFiles(uploadsDir, rows)
  const orphans = await orphanFiles(db, uploadsDir, orphanGraceMs)
  await removeUploadFiles(uploadsDir, orphans)
  return [...rows, ...orphans]
}

/** Runs the collection when `app` is ready and every 15 minutes until it closes. */
export function scheduleUploadCollection(app: FastifyInstance, db: Db, uploadsDir: string): void {
  let timer: NodeJS.Timeout | undefined
  const run = () =>
    collectUploads(db, uploadsDir)
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
