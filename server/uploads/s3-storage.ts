/**
 * Uploads in an S3 bucket (`UPLOADS_URL=s3://<bucket>/<prefix>`), shared by every instance: objects
 * `<prefix>/uploads/<name>`, configured from the environment exactly as the deploy tool is
 * (common/s3-client-config.ts, docs/deploying.md). The SDK is loaded only when such a URL is set.
 *
 * A file arrives into a local part file first (its type and size are checked while it streams, and a
 * refused or cut one never reaches the bucket), then goes up in one PutObject: a reader never sees half
 * an object. `GET /uploads/<name>` is a 302 to `UPLOADS_PUBLIC_URL/uploads/<name>` (a CDN in front of the
 * bucket serves the bytes; the redirect itself is cached a day), or, without a public URL, the object
 * streamed from the bucket by the instance. The demo media live beside them, `<prefix>/media/` (s3-media.ts).
 */
import { createReadStream, mkdirSync } from 'node:fs'
import { rm, stat } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import type { FastifyInstance } from 'fastify'
import { parseS3Url, s3ClientConfig, type S3Env } from '../../common/s3-client-config'
import { listObjectPages } from '../../common/s3-list'
import { StartRefusal } from '../start-refusal'
import { publishMedia, serveS3Media, type S3MediaTarget } from './s3-media'
import { UPLOAD_CACHE_CONTROL, UPLOAD_NAME, type UploadStorage } from './storage'

export interface S3StorageOptions {
  /** `s3://<bucket>/<prefix>`. */
  url: string
  /** The public base in front of `<prefix>/` (a CDN); reads redirect there. */
  publicUrl?: string
  /** Local folder for files while they arrive. */
  partsDir: string
  env?: S3Env
}

/** DeleteObjects takes at most 1,000 keys. */
const DELETE_BATCH = 1000
/** How long a redirect to the public URL may be cached (not for ever: the public base may move). */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400'

/** The storage of `options.url`; refuses to start (one line) when the bucket cannot be reached. */
export async function s3Storage(options: S3StorageOptions): Promise<UploadStorage> {
  const { url, partsDir, env = process.env } = options
  const target = parseS3Url(url)
  if (!target) throw new StartRefusal(`UPLOADS_URL ${url}: give s3://<bucket>/<prefix> with a valid bucket name`)
  const config = s3ClientConfig(env)
  if ('missing' in config)
    throw new StartRefusal(`UPLOADS_URL ${url}: set AWS_REGION (any value for an S3-compatible store that has no regions)`)
  const publicUrl = options.publicUrl?.replace(/\/+$/, '')
  if (publicUrl !== undefined && !/^https?:\/\/[^/]/.test(publicUrl))
    throw new StartRefusal(`UPLOADS_PUBLIC_URL must be an http(s) URL: ${publicUrl}`)
  const sdk = await import('@aws-sdk/client-s3')
  const client: S3Client = new sdk.S3Client(config)
  const { bucket } = target
  const base = target.prefix.replace(/^\/+|\/+$/g, '')
  const keyOf = (name: string) => `${base ? `${base}/` : ''}uploads/${name}`
  const media: S3MediaTarget = { sdk, client, bucket, keyOf: (path) => `${base ? `${base}/` : ''}media/${path}`, publicUrl }
  try {
    await client.send(new sdk.HeadBucketCommand({ Bucket: bucket }))
  } catch (error) {
    client.destroy()
    throw new StartRefusal(`UPLOADS_URL ${url}: the bucket cannot be reached (${(error as Error).name}: ${(error as Error).message})`)
  }
  mkdirSync(partsDir, { recursive: true })

  return {
    kind: 's3',
    partsDir,
    async keep(partPath, name, mimeType) {
      const { size } = await stat(partPath)
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(name),
          Body: createReadStream(partPath),
          ContentLength: size,
          ContentType: mimeType,
          CacheControl: UPLOAD_CACHE_CONTROL,
        }),
      )
      await rm(partPath, { force: true })
    },
    async remove(names) {
      for (let i = 0; i < names.length; i += DELETE_BATCH) {
        const batch = names.slice(i, i + DELETE_BATCH)
        await client.send(
          new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((name) => ({ Key: keyOf(name) })), Quiet: true } }),
        )
      }
    },
    async *list() {
      // Every page, however many objects (common/s3-list.ts): the collector reads them all.
      const prefix = keyOf('')
      for await (const page of listObjectPages((input) => client.send(new sdk.ListObjectsCommand(input)), bucket, prefix)) {
        const files = page
          .map((o) => ({ name: o.Key!.slice(prefix.length), modifiedMs: o.LastModified?.getTime() ?? Date.now() }))
          .filter((file) => UPLOAD_NAME.test(file.name))
        if (files.length > 0) yield files
      }
    },
    async serve(app: FastifyInstance) {
      app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
        const { name } = request.params
        if (!UPLOAD_NAME.test(name)) return reply.callNotFound()
        if (publicUrl) return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(`${publicUrl}/uploads/${name}`, 302)
        try {
          const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }))
          return reply
            .type(object.ContentType ?? 'application/octet-stream')
            .headers({
              'cache-control': UPLOAD_CACHE_CONTROL,
              ...(object.ContentLength !== undefined ? { 'content-length': object.ContentLength } : {}),
            })
            .send(object.Body as Readable)
        } catch (error) {
          if ((error as { name?: string }).name === 'NoSuchKey') return reply.callNotFound()
          throw error
        }
      })
    },
    serveMedia: async (app) => serveS3Media(app, media),
    publishMedia: (dir) => publishMedia(media, dir),
    close: async () => client.destroy(),
  }
}
