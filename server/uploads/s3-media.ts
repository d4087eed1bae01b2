/**
 * The demo media (`/media/`, server/demo-media/) on object storage (issue 40 item 3: "stores uploads and
 * the demo media there"): objects `<prefix>/media/<path>`, read the way uploads are — a 302 to
 * `UPLOADS_PUBLIC_URL/media/<path>`, or the object streamed from the bucket (with byte ranges: a phone's
 * audio element asks for them). The demo's start copies what the bucket lacks (publishMedia); a
 * production start copies nothing (no demo content there).
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { extname, join, relative, sep } from 'node:path'
import type { Readable } from 'node:stream'
import type * as Sdk from '@aws-sdk/client-s3'
import type { FastifyInstance } from 'fastify'
import { listObjectPages } from '../../common/s3-list'

/** What the media need of the storage's client. */
export interface S3MediaTarget {
  sdk: typeof Sdk
  client: Sdk.S3Client
  bucket: string
  /** `<prefix>/media/<path>`. */
  keyOf(path: string): string
  /** The public base in front of `<prefix>/` (no trailing slash), if any. */
  publicUrl: string | undefined
}

/** As the disk serves them: cached a day (the demo media may be regenerated, under the same names). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=86400'
/** The redirect is cached as long as the media. */
const REDIRECT_CACHE_CONTROL = MEDIA_CACHE_CONTROL

const TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.json': 'application/json',
}

/** A media path: segments of letters, digits, `-`, `_` and `.`, never `..` or a hidden name. */
const MEDIA_PATH = /^(?:[A-Za-z0-9][\w.-]*\/)*[A-Za-z0-9][\w.-]*$/

/** Puts at most this many objects at once. */
const PARALLEL = 8

/** Every file under `dir`, as `/`-separated paths relative to it. */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
}

/**
 * Copies the files of `dir` that the bucket lacks, or holds with other bytes (its ETag is the MD5 of a
 * single PutObject), to `<prefix>/media/`. One listing when everything is there; instances starting at
 * once write the same bytes. Returns how many it put.
 */
export async function publishMedia({ sdk, client, bucket, keyOf }: S3MediaTarget, dir: string): Promise<number> {
  const stored = new Map<string, string>()
  const prefix = keyOf('')
  for await (const page of listObjectPages((input) => client.send(new sdk.ListObjectsCommand(input)), bucket, prefix))
    for (const o of page) stored.set(o.Key!.slice(prefix.length), (o.ETag ?? '').replaceAll('"', ''))
  const queue = (await filesOf(dir)).filter((path) => MEDIA_PATH.test(path))
  let put = 0
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      const bytes = await readFile(join(dir, path))
      if (stored.get(path) === createHash('md5').update(bytes).digest('hex')) continue
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(path),
          Body: bytes,
          ContentType: TYPES[extname(path)] ?? 'application/octet-stream',
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      )
      put++
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  return put
}

/** Answers `GET /media/<path>` from the bucket: a redirect to the public base, or the object (a range of it when asked). */
export function serveS3Media(app: FastifyInstance, { sdk, client, bucket, keyOf, publicUrl }: S3MediaTarget): void {
  app.get<{ Params: { '*': string } }>('/media/*', async (request, reply) => {
    const path = request.params['*']
    if (!MEDIA_PATH.test(path)) return reply.callNotFound()
    if (publicUrl) return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(`${publicUrl}/media/${path}`, 302)
    const range = request.headers.range
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(path), ...(range ? { Range: range } : {}) }))
      return reply
        .code(object.ContentRange ? 206 : 200)
        .type(object.ContentType ?? 'application/octet-stream')
        .headers({
          'cache-control': MEDIA_CACHE_CONTROL,
          'accept-ranges': 'bytes',
          ...(object.ContentLength !== undefined ? { 'content-length': object.ContentLength } : {}),
          ...(object.ContentRange ? { 'content-range': object.ContentRange } : {}),
          ...(object.ETag ? { etag: object.ETag } : {}),
        })
        .send(object.Body as Readable)
    } catch (error) {
      const name = (error as { name?: string }).name
      if (name === 'NoSuchKey') return reply.callNotFound()
      if (name === 'InvalidRange') return reply.code(416).send()
      throw error
    }
  })
}
