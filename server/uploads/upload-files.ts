/** The stored files whose rows are gone. */
import type { UploadStorage } from './storage'

/**
 * Removes the files `names` from the storage, once the transaction that deleted their rows has
 * committed. One that cannot be removed now (a crash, a disk or bucket error) is a file without a row,
 * which the collector (collect-uploads.ts) removes later.
 */
export async function removeUploadFiles(storage: UploadStorage, names: readonly string[]): Promise<void> {
  if (names.length === 0) return
  await storage.remove(names).catch(() => {})
}
