/** The files of the uploads folder whose rows are gone. */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Removes the files `names` from `uploadsDir`, once the transaction that deleted their rows has
 * committed. One that cannot be removed now (a crash, a disk error) is a file without a row, which
 * the collector (collect-uploads.ts) removes later.
 */
export async function removeUploadFiles(uploadsDir: string, names: readonly string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => rm(join(uploadsDir, name), { force: true })))
}
