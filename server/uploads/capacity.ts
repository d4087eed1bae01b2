/**
 * What counts against a user's capacity (`myCapacity`'s `used`): the files of their books and
 * every upload they keep that is no book's file — not attached yet, or a cover — until it is
 * collected or released. A capacity check also reserves the files a running cloud-drive import has
 * still to add (capacities-repository.ts `lockRoomMb`, the same sums in one statement).
 */
import type { Queryable } from '../db/db'
import { sumFileSizesMb } from '../repositories/folders-repository'
import { storedUploadsMb } from '../repositories/uploads-repository'

/**
 * A file's size as it counts and is reported (`POST /v1/upload`'s and a book's `fileSizeMb`): MB
 * rounded **up** to 0.01, at least 0.01. Rounded to the nearest, a file of 15 KB counted 0.01 MB
 * (10.2 KB), so many small files could hold more bytes than the capacity.
 */
export const fileSizeMb = (bytes: number) => Math.max(0.01, Math.ceil((bytes * 100) / 1048576) / 100)

export async function usedMb(q: Queryable, userId: number): Promise<number> {
  return (await sumFileSizesMb(q, userId)) + (await storedUploadsMb(q, userId))
}
