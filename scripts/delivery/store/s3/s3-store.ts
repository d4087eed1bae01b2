/**
 * The S3 target: objects under `s3://<bucket>/<prefix>/` of any S3-compatible store (AWS S3, Aliyun
 * OSS, Tencent COS, Cloudflare R2, MinIO), through the AWS SDK for JavaScript v3, configured the SDK's
 * standard way (docs/deploying.md). Each object carries its Content-Type and Cache-Control (headers.ts)
 * and the sha256 of its bytes (`x-amz-meta-sha256`). A PUT replaces an object in one step, so a reader
 * gets the old or the new HTML. Requests failing with 5xx, throttling or a dropped connection are
 * retried with exponential backoff, honouring the store's `Retry-After`, for up to a minute of waiting
 * (a store that throttles needs tens of seconds, not two); then the run refuses, in one line
 * (run/locked-run.ts).
 */
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { createHash } from 'node:crypto'
import { parseS3Url, s3ClientConfig } from '../../../../common/s3-client-config.ts'
import { listObjectPages, type ListPage } from '../../../../common/s3-list.ts'
import { sha256 } from '../../hash.ts'
import { headersFor } from '../headers.ts'
import { systemClock, type Clock } from '../../clock.ts'
import { DeliveryError } from '../../errors.ts'
import { mapLimit, PARALLEL } from '../../parallel.ts'
import { parseDuration } from '../../units.ts'
import { describe, notFound, notImplemented, preconditionFailed, retryable, retryAfterMs, S3RequestError } from './s3-errors.ts'
import type { Store, StoredFile } from '../store.ts'

export interface S3StoreOptions {
  client: S3Client
  bucket: string
  /** Key prefix without slashes at its ends (`site`, or `''` for the bucket's root). */
  prefix: string
  /** How long one request may spend waiting between its tries before the run gives up (RETRY_FOR_MS). */
  retryForMs?: number
  /** The first backoff delay; doubled at each retry, up to MAX_DELAY_MS (1000 ms). */
  backoffMs?: number
  /** Waits and reads the time (tests: a backoff of a minute in no time). */
  clock?: Clock
  /** The wait between writing the lock and reading it back (1000 ms; see createIfAbsent). */
  lockSettleMs?: number
  /** The backoff's jitter, a number in [0, 1) (Math.random; tests fix it, so the waits they count are known). */
  random?: () => number
}

/** How long one request may wait between tries, in all, before the run gives up (DEPLOY_S3_RETRY_FOR). */
export const RETRY_FOR_MS = 60_000
/** The longest single wait between two tries (unless the store's Retry-After asks for more). */
const MAX_DELAY_MS = 20_000
/** Keys per DeleteObjects request (the API's limit). */
const BATCH = 1000

export class S3Store implements Store {
  readonly name: string
  private readonly client: S3Client
  private readonly bucket: string
  private readonly prefix: string
  private readonly retryForMs: number
  private readonly backoffMs: number
  private readonly clock: Clock
  private readonly random: () => number
  private readonly lockSettleMs: number
  /** Cleared when the store refuses conditional headers (If-None-Match / If-Match). */
  private conditional = true
  /** Cleared when the store does not implement DeleteObjects. */
  private batchDeletes = true

  constructor(options: S3StoreOptions) {
    this.client = options.client
    this.bucket = options.bucket
    this.prefix = options.prefix.replace(/^\/+|\/+$/g, '')
    this.retryForMs = options.retryForMs ?? RETRY_FOR_MS
    this.backoffMs = options.backoffMs ?? 1000
    this.clock = options.clock ?? systemClock
    this.random = options.random ?? Math.random
    this.lockSettleMs = options.lockSettleMs ?? 1000
    this.name = `s3://${this.bucket}${this.prefix ? `/${this.prefix}` : ''}`
  }

  private key(key: string): string {
    return this.prefix ? `${this.prefix}/${key}` : key
  }

  /**
   * Runs one request, retrying what is worth retrying: exponential backoff with jitter (1 s, 2 s, 4 s, …
   * up to MAX_DELAY_MS), or longer when the store's `Retry-After` asks for it, until the waits would pass
   * `retryForMs`. A store asking for more than is left is not waited for.
   */
  private async call<T>(operation: string, key: string, send: () => Promise<T>): Promise<T> {
    const started = this.clock.now()
    let waited = 0
    for (let attempt = 1; ; attempt++) {
      try {
        return await send()
      } catch (error) {
        if (error instanceof DeliveryError) throw error
        const fail = (stopped: string | null = null) =>
          new S3RequestError(operation, key, error, attempt, this.clock.now() - started, stopped)
        if (!retryable(error)) throw fail()
        const backoff = Math.min(MAX_DELAY_MS, this.backoffMs * 2 ** (attempt - 1))
        const jittered = backoff / 2 + this.random() * (backoff / 2)
        const asked = retryAfterMs(error, this.clock.now())
        const delay = Math.max(jittered, asked ?? 0)
        if (waited + delay > this.retryForMs) {
          throw fail(
            asked !== null && asked > this.retryForMs - waited ? `the store asked to wait ${Math.round(asked / 1000)} s more` : null,
          )
        }
        await this.clock.sleep(delay)
        waited += delay
      }
    }
  }

  private async getWithTag(key: string): Promise<{ bytes: Buffer; etag: string | undefined } | null> {
    return this.call('GET', key, async () => {
      try {
        const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }))
        return { bytes: Buffer.from(await out.Body!.transformToByteArray()), etag: out.ETag }
      } catch (error) {
        if (notFound(error)) return null
        throw error
      }
    })
  }

  async get(key: string): Promise<Buffer | null> {
    return (await this.getWithTag(key))?.bytes ?? null
  }

  private head(key: string) {
    return this.call('HEAD', key, async () => {
      try {
        return await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }))
      } catch (error) {
        if (notFound(error)) return null
        throw error
      }
    })
  }

  async modifiedAt(key: string): Promise<number | null> {
    return (await this.head(key))?.LastModified?.getTime() ?? null
  }

  async stat(key: string): Promise<StoredFile | null> {
    const head = await this.head(key)
    if (!head) return null
    const recorded = head.Metadata?.sha256
    if (recorded && /^[0-9a-f]{64}$/.test(recorded) && head.ContentLength !== undefined)
      return { sha256: recorded, size: head.ContentLength }
    // Uploaded by another tool, without our metadata: hash the bytes.
    const bytes = await this.get(key)
    return bytes ? { sha256: sha256(bytes), size: bytes.byteLength } : null
  }

  private async send(key: string, bytes: Uint8Array, condition: { IfNoneMatch?: string; IfMatch?: string } = {}): Promise<void> {
    const { contentType, cacheControl } = headersFor(key)
    const put = (withCondition: boolean) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: cacheControl,
          Metadata: { sha256: sha256(bytes) },
          ...(withCondition && this.conditional ? condition : {}),
        }),
      )
    await this.call('PUT', key, async () => {
      try {
        await put(true)
      } catch (error) {
        if (!notImplemented(error) || Object.keys(condition).length === 0 || !this.conditional) throw error
        this.conditional = false
        await put(false)
      }
    })
  }

  put(key: string, bytes: Uint8Array): Promise<void> {
    return this.send(key, bytes)
  }

  async putNew(key: string, bytes: Uint8Array): Promise<boolean> {
    const want = sha256(bytes)
    const same = async () => {
      const there = await this.stat(key)
      if (!there) return null
      if (there.sha256 !== want)
        throw new DeliveryError(`${this.name}/${key} already exists with different content; refusing to overwrite it`)
      return false
    }
    const before = await same()
    if (before !== null) return before
    try {
      // A store that honours If-None-Match refuses a racing writer's object instead of replacing it.
      await this.send(key, bytes, { IfNoneMatch: '*' })
      return true
    } catch (error) {
      if (!(error instanceof S3RequestError && preconditionFailed(error.cause))) throw error
      return (await same()) ?? false
    }
  }

  /** Every key under `prefix`, however many (pages of 1,000: common/s3-list.ts), each page retried as any request. */
  async list(prefix: string): Promise<string[]> {
    const keys: string[] = []
    const strip = this.prefix ? this.prefix.length + 1 : 0
    const listPage: ListPage = (input) => this.call('LIST', prefix, () => this.client.send(new ListObjectsCommand(input)))
    for await (const page of listObjectPages(listPage, this.bucket, this.key(prefix)))
      for (const object of page) keys.push(object.Key!.slice(strip))
    return [...new Set(keys)].sort()
  }

  async delete(key: string): Promise<void> {
    await this.call('DELETE', key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) })))
  }

  /** DeleteObjects, 1000 keys a request (one DELETE a key on a store that does not implement it). */
  async deleteMany(keys: readonly string[]): Promise<void> {
    for (let at = 0; at < keys.length; at += BATCH) {
      const batch = keys.slice(at, at + BATCH)
      if (!this.batchDeletes) {
        await mapLimit(batch, PARALLEL, (key) => this.delete(key))
        continue
      }
      const what = `${batch[0]} and ${batch.length - 1} more`
      const out = await this.call('DELETE', what, async () => {
        const command = new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: this.key(key) })), Quiet: true },
        })
        // Content-MD5, which S3 and several compatible stores still require of this call (the SDK sends a CRC32).
        command.middlewareStack.add(
          (next) => async (args) => {
            const request = args.request as { headers?: Record<string, string>; body?: unknown }
            if (request.headers && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
              request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64')
            }
            return next(args)
          },
          { step: 'build', name: 'kidsContentMd5' },
        )
        try {
          return await this.client.send(command)
        } catch (error) {
          if (!notImplemented(error)) throw error
          return null
        }
      })
      if (out === null) {
        this.batchDeletes = false
        await mapLimit(batch, PARALLEL, (key) => this.delete(key))
        continue
      }
      const failed = out.Errors?.[0]
      if (failed) {
        const error = Object.assign(new Error(failed.Message ?? 'delete failed'), { name: failed.Code ?? 'DeleteError' })
        throw new S3RequestError('DELETE', failed.Key ?? what, error, 1, 0)
      }
    }
  }

  /**
   * Creates the lock object unless it exists. With If-None-Match (AWS S3, R2, MinIO) the store itself
   * refuses a second creator. A store that ignores the header (s3rver, some S3-compatible stores) would
   * let two runs starting together both write: so the object is read back after `lockSettleMs`, and
   * only the run whose bytes are still there holds the lock (of two writes within that time, the last).
   */
  async createIfAbsent(key: string, bytes: Uint8Array): Promise<boolean> {
    if (await this.stat(key)) return false
    try {
      await this.send(key, bytes, { IfNoneMatch: '*' })
    } catch (error) {
      if (error instanceof S3RequestError && preconditionFailed(error.cause)) return false
      throw error
    }
    return this.stillMine(key, bytes)
  }

  async replaceIf(key: string, expected: Uint8Array, bytes: Uint8Array): Promise<boolean> {
    const now = await this.getWithTag(key)
    if (!now || !now.bytes.equals(expected)) return false
    try {
      await this.send(key, bytes, now.etag ? { IfMatch: now.etag } : {})
    } catch (error) {
      if (error instanceof S3RequestError && preconditionFailed(error.cause)) return false
      throw error
    }
    return this.stillMine(key, bytes)
  }

  private async stillMine(key: string, bytes: Uint8Array): Promise<boolean> {
    await this.clock.sleep(this.lockSettleMs)
    return (await this.get(key))?.equals(bytes) ?? false
  }

  async removeLeftovers(): Promise<number> {
    // Every PUT is whole: a killed run leaves no partial object (half-written releases are removed by the caller).
    return 0
  }

  failure(error: unknown): string | null {
    if (!(error instanceof S3RequestError)) return null
    const tries =
      (error.attempts > 1 ? `, ${error.attempts} attempts over ${(error.ms / 1000).toFixed(1)} s` : '') +
      (error.stopped ? `; ${error.stopped}` : '')
    const advice = retryable(error.cause) ? 'run again once it answers' : 'check the bucket, the endpoint and the credentials’ permissions'
    return `${this.name} did not take ${error.operation} ${error.key} (${describe(error.cause)}${tries}): ${advice}`
  }
}

/** The environment variables the S3 target reads (the SDK's own, plus S3_FORCE_PATH_STYLE). */
type Env = Record<string, string | undefined>

/**
 * The store of `s3://<bucket>/<prefix>`, configured from the environment: AWS_ENDPOINT_URL_S3 (or
 * AWS_ENDPOINT_URL) for a store other than AWS, AWS_REGION, the credentials as the SDK finds them
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role), S3_FORCE_PATH_STYLE=1 for
 * endpoints that want `https://host/bucket/key`.
 */
export function s3StoreFromUrl(url: string, env: Env = process.env, extra: Partial<S3StoreOptions> = {}): S3Store {
  const target = parseS3Url(url)
  if (!target) throw new DeliveryError(`--to ${url}: give s3://<bucket>/<prefix> with a valid bucket name`)
  const shared = s3ClientConfig(env)
  if ('missing' in shared) throw new DeliveryError(`--to ${url}: set AWS_REGION (any value for an S3-compatible store that has no regions)`)
  const config: S3ClientConfig = {
    ...shared,
    // The store retries itself (S3Store.call), so one SDK attempt per try; a stalled request is one
    // failed try (an asset is at most a few MB).
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000, throwOnRequestTimeout: true },
  }
  const settle = env.DEPLOY_S3_LOCK_SETTLE_MS === undefined ? undefined : Number(env.DEPLOY_S3_LOCK_SETTLE_MS)
  const retryFor = env.DEPLOY_S3_RETRY_FOR === undefined ? undefined : parseDuration(env.DEPLOY_S3_RETRY_FOR)
  if (retryFor === null) throw new DeliveryError(`DEPLOY_S3_RETRY_FOR=${env.DEPLOY_S3_RETRY_FOR}: give a duration such as 60s, 2m or 0`)
  return new S3Store({
    client: new S3Client(config),
    bucket: target.bucket,
    prefix: target.prefix,
    ...(settle !== undefined && Number.isFinite(settle) ? { lockSettleMs: settle } : {}),
    ...(retryFor !== undefined ? { retryForMs: retryFor } : {}),
    ...extra,
  })
}
