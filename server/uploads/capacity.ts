/**
 * What counts against a user's capacity (`myCapacity`'s `used`): the files of their books and
 * the uploads not yet attached (a cover or a book file) nor collected. A capacity check also
 * reserves the files a running cloud-drive import has still to add (`reservedMb`).
 */
import type { Queryable } from '../db/db'
import { pendingImportMb } from '../repositories/cloud-import-repository'
import { sumFileSizesMb } from '../repositories/folders-repository'
import { unattachedUploadsMb } from '../repositories/uploads-repository'

export async function usedMb(q: Queryable, userId: number): Promise<number> {
  return (await sumFileSizesMb(q, userId)) + (await unattachedUploadsMb(q, userId))
}

/** `usedMb` plus the running imports' files still to come: what a capacity check subtracts. */
export async function reservedMb(q: Queryable, userId: number): Promise<number> {
  return (await usedMb(q, userId)) + (await pendingImportMb(q, userId))
}
