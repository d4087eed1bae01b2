/**
 * Writes the demo drive's blobs (real PDFs and a few other files) into `<dir>/blobs/`. Idempotent
 * and cheap (a dozen small files); the server runs it when it builds the demo provider and
 * `npm run seed` runs it too.
 */
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_BOOKS, renderBook } from './demo-books'
import { bookBlob, OTHER_BLOBS } from './demo-drive'

/** The bytes of every blob, by name. */
export function demoBlobs(): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>()
  const created = new Date(Date.UTC(2025, 1, 20, 2))
  for (const book of DEMO_BOOKS) blobs.set(bookBlob(book.key), renderBook(book, created))
  for (const [name, text] of Object.entries(OTHER_BLOBS)) blobs.set(name, Buffer.from(text, 'latin1'))
  return blobs
}

/** Writes any blob that is missing or has another size; returns the blobs folder. */
export function seedDemoDrive(dir: string): string {
  const blobsDir = join(dir, 'blobs')
  mkdirSync(blobsDir, { recursive: true })
  for (const [name, bytes] of demoBlobs()) {
    const path = join(blobsDir, name)
    if (existsSync(path) && statSync(path).size === bytes.length) continue
    const temp = `${path}.${process.pid}.tmp`
    writeFileSync(temp, bytes)
    renameSync(temp, path)
  }
  return blobsDir
}
