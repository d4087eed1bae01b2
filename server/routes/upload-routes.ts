import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/db'
import { currentUser } from '../http/auth'
import { ApiError, badRequest, ok } from '../http/envelope'
import { hasNul } from '../http/reject-nul'
import { replies } from '../http/schemas'
import { lockRoomMb } from '../repositories/capacities-repository'
import { insertUpload } from '../repositories/uploads-repository'
import { fileSizeMb } from '../uploads/capacity'
import { abandonUpload, receiveUpload, type UploadLimits } from '../uploads/receive-upload'
import type { UploadStorage } from '../uploads/storage'

export interface UploadRoutesOptions {
  db: Db
  /** Where the files are stored (served at /uploads/). */
  storage: UploadStorage
  limits: UploadLimits
}

const uploadData = {
  type: 'object',
  required: ['url', 'fileSizeMb'],
  properties: { url: { type: 'string' }, fileSizeMb: { type: 'number' } },
} as const

const MALFORMED_MSG = '上传内容格式不正确'

/**
 * The multipart parser (busboy) reports a malformed body (no boundary, a boundary that is empty,
 * too long or absent from the body, a body cut short) with plain `Error`s that have neither a
 * status nor a code; unmapped they would be 500s. Everything else passes through: our ApiErrors,
 * the plugin's limit errors (a status), disk and stream errors (a `code`), programming errors
 * (TypeError, ...).
 */
function asMalformed(error: unknown): unknown {
  if (!(error instanceof Error) || error.constructor !== Error) return error
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown }
  return statusCode === undefined && code === undefined ? badRequest(MALFORMED_MSG) : error
}

/** The first file part of the body (fields before it are ignored, as they always were). */
async function firstFile(parts: AsyncIterableIterator<Multipart>): Promise<MultipartFile | undefined> {
  for (;;) {
    const next = await parts.next()
    if (next.done) return undefined
    if (next.value.type === 'file') return next.value
  }
}

/** Reads the rest of the body: a second file is refused, not dropped. */
async function refuseMoreFiles(parts: AsyncIterableIterator<Multipart>): Promise<void> {
  for await (const next of parts) {
    if (next.type === 'file') {
      next.file.resume()
      throw badRequest('一次只能上传一个文件')
    }
  }
}

/** POST /v1/upload — multipart field `file`: a cover image or a PDF book. */
export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, { db, storage, limits }) => {
  await app.register(multipart, {
    // The larger limit is the parser's hard cap; the per-kind limit is checked while streaming.
    // `files: 2`: a second file part must be seen to be refused (with 1 the parser drops it silently).
    limits: { fileSize: Math.max(limits.imageBytes, limits.pdfBytes), files: 2, fields: 10, parts: 12 },
  })

  app.post('/v1/upload', { schema: { consumes: ['multipart/form-data'], response: replies(uploadData) } }, async (request) => {
    const user = currentUser(request)
    const parts = request.parts()
    const part = await firstFile(parts).catch((error: unknown) => {
      throw asMalformed(error)
    })
    if (!part) throw badRequest('请选择要上传的文件')
    if (part.fieldname !== 'file') {
      part.file.resume()
      throw badRequest('请通过 file 字段上传文件')
    }
    // The name is only recorded, but a NUL in it would fail the INSERT: refuse it before writing.
    if (hasNul(part.filename)) {
      part.file.resume()
      throw badRequest('文件名包含不允许的空字符')
    }
    const received = await receiveUpload(part.file, () => part.file.truncated, { storage, db }, limits).catch((error: unknown) => {
      throw asMalformed(error)
    })
    const sizeMb = fileSizeMb(received.sizeBytes)
    try {
      await refuseMoreFiles(parts).catch((error: unknown) => {
        throw asMalformed(error)
      })
      await db.transaction(async (tx) => {
        if ((await lockRoomMb(tx, user.id)) < sizeMb) throw new ApiError(409, '空间不足', 'CAPACITY')
        await insertUpload(tx, {
          userId: user.id,
          fileName: received.fileName,
          originalName: Array.from(part.filename).slice(0, 255).join(''),
          mimeType: received.kind.mime,
          sizeBytes: received.sizeBytes,
        })
      })
    } catch (error) {
      // A file nobody has a record of would be an orphan: remove it with the failed request.
      await abandonUpload({ storage, db }, received.fileName)
      throw error
    }
    return ok({
      url: `/uploads/${received.fileName}`,
      fileSizeMb: sizeMb,
    })
  })
}
