import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Queryable } from '../db/db'
import { badRequest, tooLarge } from '../http/envelope'
import { beginWrite, endWrite } from '../repositories/uploads-repository'
import { SNIFF_BYTES, sniffFile, type FileKind } from './sniff-file'
import type { UploadStorage } from './storage'

/** Byte limits per family of file. */
export interface UploadLimits {
  imageBytes: number
  pdfBytes: number
}

/** Contract limits: images up to 10 MB, PDFs up to 200 MB. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { imageBytes: 10 * 1024 * 1024, pdfBytes: 200 * 1024 * 1024 }

export const WRONG_TYPE_MSG = '仅支持上传 PNG、JPEG、WebP、GIF 图片或 PDF 文件'

const limitOf = (kind: FileKind, limits: UploadLimits) => (kind.family === 'image' ? limits.imageBytes : limits.pdfBytes)

const tooLargeMsg = (kind: FileKind, limits: UploadLimits) =>
  kind.family === 'image'
    ? `图片不能超过${Math.round(limits.imageBytes / 1048576)}MB`
    : `PDF 文件不能超过${Math.round(limits.pdfBytes / 1048576)}MB`

/**
 * Passes bytes through while checking them: the first bytes must be an accepted kind, and the
 * running total must stay within that kind's limit. Fails the stream (400 / 413) otherwise.
 */
function guard(limits: UploadLimits, onKind: (kind: FileKind) => void): Transform {
  let head: Buffer | null = Buffer.alloc(0)
  let kind: FileKind | null = null
  let size = 0
  const decide = (): Error | null => {
    kind = sniffFile(head!)
    if (!kind) return badRequest(WRONG_TYPE_MSG)
    onKind(kind)
    return size > limitOf(kind, limits) ? tooLarge(tooLargeMsg(kind, limits)) : null
  }
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (kind) return done(size > limitOf(kind, limits) ? tooLarge(tooLargeMsg(kind, limits)) : null, chunk)
      head = Buffer.concat([head!, chunk])
      if (head.length < SNIFF_BYTES) return done()
      const error = decide()
      const bytes = head
      head = null
      done(error, error ? undefined : bytes)
    },
    flush(done) {
      if (kind) return done()
      if (!head || head.length === 0) return done(badRequest('文件为空'))
      const error = decide()
      if (!error) this.push(head)
      done(error)
    },
  })
}

/** A file that passed the checks and now lives in the storage. */
export interface ReceivedUpload {
  fileName: string
  kind: FileKind
  sizeBytes: number
}

/** Where a received file goes: the storage, and the database that records the writes in progress. */
export interface UploadTarget {
  storage: UploadStorage
  db: Queryable
}

/**
 * Streams an uploaded file into a part file of the storage's `partsDir`, checking it on the way, then
 * keeps it in the storage as `<random>.<ext>`. The write is recorded first (upload_writes) so that no
 * collector removes it meanwhile; the caller records the file's row (insertUpload ends the write) or
 * abandons it (`abandonUpload`). A partial or refused file is removed, and its write forgotten.
 * `wasTruncated` reports the multipart parser's own hard cap.
 */
export async function receiveUpload(
  source: Readable,
  wasTruncated: () => boolean,
  { storage, db }: UploadTarget,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  const id = randomBytes(16).toString('hex')
  await beginWrite(db, id)
  const partPath = join(storage.partsDir, `.${id}.part`)
  let kind: FileKind | null = null
  let sizeBytes = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length
      done(null, chunk)
    },
  })
  const file = createWriteStream(partPath)
  const fail = async (error: unknown): Promise<never> => {
    // A body that fails at once can end the pipeline while the file is still being opened: the open
    // completes (creating the file) after the pipeline gave up. Remove it only once the stream is closed.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()))
    await rm(partPath, { force: true })
    await endWrite(db, id).catch(() => {})
    throw error
  }
  try {
    await pipeline(
      source,
      guard(limits, (k) => (kind = k)),
      counter,
      file,
    )
    if (wasTruncated()) throw tooLarge(tooLargeMsg(kind!, limits))
  } catch (error) {
    return fail(error)
  }
  const fileName = `${id}.${kind!.ext}`
  await storage.keep(partPath, fileName, kind!.mime).catch(fail)
  return { fileName, kind: kind!, sizeBytes }
}

/** A received file that will not be recorded (refused after it arrived): removed, its write forgotten. */
export async function abandonUpload({ storage, db }: UploadTarget, fileName: string): Promise<void> {
  await storage.remove([fileName])
  await endWrite(db, fileName.split('.')[0]!)
}
