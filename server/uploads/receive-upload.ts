import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Transform, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { badRequest, tooLarge } from '../http/envelope'
import { SNIFF_BYTES, sniffFile, type FileKind } from './sniff-file'

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

/** A file that passed the checks and now lives in the uploads folder. */
export interface ReceivedUpload {
  fileName: string
  kind: FileKind
  sizeBytes: number
}

/**
 * Streams an uploaded file to `<uploadsDir>/<random>.<ext>`, checking it on the way. A partial
 * or refused file is removed. `wasTruncated` reports the multipart parser's own hard cap.
 */
export async function receiveUpload(
  source: Readable,
  wasTruncated: () => boolean,
  uploadsDir: string,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  const id = randomBytes(16).toString('hex')
  const partPath = join(uploadsDir, `.${id}.part`)
  let kind: FileKind | null = null
  let sizeBytes = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizeBytes += chunk.length
      done(null, chunk)
    },
  })
  const file = createWriteStream(partPath)
  try {
    await pipeline(
      source,
      guard(limits, (k) => (kind = k)),
      counter,
      file,
    )
    if (wasTruncated()) throw tooLarge(tooLargeMsg(kind!, limits))
  } catch (error) {
    // A body that fails at once can end the pipeline while the file is still being opened: the open
    // completes (creating the file) after the pipeline gave up. Remove it only once the stream is closed.
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()))
    await rm(partPath, { force: true })
    throw error
  }
  const fileName = `${id}.${kind!.ext}`
  await rename(partPath, join(uploadsDir, fileName))
  return { fileName, kind: kind!, sizeBytes }
}
