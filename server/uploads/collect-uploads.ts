/**
 * Collects uploads nobody attached (issue 17 item 4): rows and files of unattached uploads older
 * than a day go, on start and then every hour.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/db'
import { deleteStaleUploads } from '../repositories/uploads-repository'

export const UPLOAD_MAX_AGE_SECONDS = 24 * 60 * 60
const EVERY_MS = 60 * 60 * 1000

/** Deletes the stale uploads' rows, then their files; returns the names. */
export async function collectUploads(db: Db, uploadsDir: string, maxAgeSeconds = UPLOAD_MAX_AGE_SECONDS): Promise<string[]> {
  const names = await deleteStaleUploads(db, maxAgeSeconds)
  await Promise.all(names.map((name) => rm(join(uploadsDir, name), { force: true })))
  return names
}

/** Runs the collection when `app` is ready and every hour until it closes. */
export function scheduleUploadCollection(app: FastifyInstance, db: Db, uploadsDir: string): void {
  let timer: NodeJS.Timeout | undefined
  const run = () =>
    collectUploads(db, uploadsDir)
      .then((names) => {
        if (names.length > 0) app.log.info(`collected ${names.length} unattached uploads`)
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'collecting unattached uploads failed'))
  app.addHook('onReady', async () => {
    await run()
    timer = setInterval(() => void run(), EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
