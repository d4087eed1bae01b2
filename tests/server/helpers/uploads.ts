/** Uploads for the server tests: files of a given kind and size, sent as `POST /v1/upload` sends them. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { VIP } from './test-app'

const BOUNDARY = '----kids-english-upload-boundary'

/** A PNG (by its first bytes) of exactly `bytes` bytes. */
export const pngOf = (bytes: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(Math.max(0, bytes - 8), 1)])

/** A PDF (by its first bytes) of exactly `bytes` bytes. */
export const pdfOf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, bytes - 9), 0x20)])

/** `POST /v1/upload` of `content` as the user of `headers`. */
export function uploadFile(
  app: Pick<FastifyInstance, 'inject'>,
  content: Buffer,
  filename: string,
  headers: Record<string, string> = VIP,
): Promise<LightMyRequestResponse> {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n`),
    Buffer.from('Content-Type: application/octet-stream\r\n\r\n'),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])
  return app.inject({
    method: 'POST',
    url: '/v1/upload',
    payload,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  })
}

/** The URL an accepted upload was stored at, or null when it was refused. */
export const uploadedUrl = (res: LightMyRequestResponse): string | null =>
  res.statusCode === 200 ? (res.json() as { data: { url: string } }).data.url : null
