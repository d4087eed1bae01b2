/**
 * A real S3 REST server on loopback for the delivery tests: s3rver (a test double speaking the S3 HTTP
 * API, storing objects in a temp directory), behind a small proxy that the tests use both as the S3
 * endpoint and as the public URL a CDN would serve. The proxy can answer chosen requests itself (503
 * SlowDown from the store, 404 at the edge) and tells the tests about every request it forwards.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, request, type ClientRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, ListObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { listObjectPages, type ListPage } from '../../../common/s3-list'
import { atomicObjects } from './atomic-s3rver'

export const BUCKET = 'h5'

/** A request the proxy answers itself instead of forwarding. */
export interface Fault {
  method?: string
  /** Matched against the decoded URL path (`/h5/site/a/index.html`). */
  path: RegExp
  status: 503 | 404 | 500
  /** How many matching requests to answer (then it forwards again); all when absent. */
  times?: number
  /** Answer only this share of matching requests, drawn from `random` (a throttling store). */
  share?: { of: number; random: () => number }
  /** The `Retry-After` header of the answer (seconds). */
  retryAfter?: number
}

export interface S3Server {
  /** The endpoint to give AWS_ENDPOINT_URL_S3 (the proxy). */
  endpoint: string
  /** The environment of a deploy run against this server (path-style, test credentials). */
  env: Record<string, string>
  /** `http://127.0.0.1:port/h5/<prefix>`: what a CDN in front of the bucket would serve. */
  publicUrl(prefix: string): string
  /** Requests the proxy answers itself; push and splice freely. */
  faults: Fault[]
  /** Called for every request before it is answered (method, decoded path). */
  onRequest: ((method: string, path: string) => void) | null
  /** Counts of requests answered with a fault, by status. */
  faulted: Map<number, number>
  /** A client that reads the bucket directly (for assertions, not through the tool under test). */
  client: S3Client
  /** The bytes, headers and metadata of `key` under `prefix`, or `null`. */
  object(prefix: string, key: string): Promise<{ bytes: Buffer; contentType?: string; cacheControl?: string; sha256?: string } | null>
  /** Every key under `prefix` (relative to it), sorted. */
  keys(prefix: string): Promise<string[]>
  /** Writes an object directly (a lock left by another run, a file edited by hand). */
  putRaw(prefix: string, key: string, body: string | Buffer): Promise<void>
  stop(): Promise<void>
}

const SLOW_DOWN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>'

/** Starts s3rver with the bucket `h5`, and the proxy in front of it. */
export async function startS3Server(): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'kids-s3rver-'))
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    vhostBuckets: false,
    configureBuckets: [{ name: BUCKET }],
  })
  // Objects replaced whole, as S3 replaces them (s3rver writes them in place: atomic-s3rver.ts).
  atomicObjects((s3rver as unknown as { store: Parameters<typeof atomicObjects>[0] }).store)
  const upstream = await s3rver.run()
  const server: S3Server = {
    endpoint: '',
    env: {},
    publicUrl: (prefix) => `${server.endpoint}/${BUCKET}/${prefix}`,
    faults: [],
    onRequest: null,
    faulted: new Map(),
    client: undefined as unknown as S3Client,
    object: async (prefix, key) => {
      try {
        const out = await server.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${prefix}/${key}` }))
        return {
          bytes: Buffer.from(await out.Body!.transformToByteArray()),
          ...(out.ContentType ? { contentType: out.ContentType } : {}),
          ...(out.CacheControl ? { cacheControl: out.CacheControl } : {}),
          ...(out.Metadata?.sha256 ? { sha256: out.Metadata.sha256 } : {}),
        }
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null
        throw error
      }
    },
    keys: async (prefix) => {
      const keys: string[] = []
      // ListObjects (v1): s3rver answers 500 to a V2 listing past 1,000 keys (common/s3-list.ts).
      const listPage: ListPage = (input) => server.client.send(new ListObjectsCommand(input))
      for await (const page of listObjectPages(listPage, BUCKET, `${prefix}/`))
        for (const o of page) keys.push(o.Key!.slice(prefix.length + 1))
      return keys.sort()
    },
    putRaw: async (prefix, key, body) => {
      await server.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${prefix}/${key}`, Body: body }))
    },
    stop: async () => {
      for (const forward of inFlight) forward.destroy()
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()))
      proxy.closeAllConnections()
      await closed
      server.client.destroy()
      await s3rver.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }

  const inFlight = new Set<ClientRequest>()
  const proxy: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const method = req.method ?? 'GET'
    server.onRequest?.(method, path)
    const fault = server.faults.find(
      (f) => (f.method ?? method) === method && f.path.test(path) && (f.times ?? 1) > 0 && (!f.share || f.share.random() < f.share.of),
    )
    if (fault) {
      if (fault.times !== undefined) fault.times--
      server.faulted.set(fault.status, (server.faulted.get(fault.status) ?? 0) + 1)
      req.resume()
      req.on('end', () => {
        res.writeHead(fault.status, {
          'content-type': 'application/xml',
          ...(fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {}),
        })
        res.end(fault.status === 404 ? '' : SLOW_DOWN)
      })
      return
    }
    const forward = request({ host: '127.0.0.1', port: upstream.port, method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    inFlight.add(forward)
    forward.on('close', () => inFlight.delete(forward))
    forward.on('error', () => res.destroy())
    // A client killed mid-upload: s3rver must not wait for the rest of the body for ever.
    req.on('close', () => {
      if (!req.complete) forward.destroy()
    })
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  server.endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  server.env = {
    AWS_ENDPOINT_URL_S3: server.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    // s3rver ignores If-None-Match: the lock reads itself back after this wait (s3-store.ts).
    DEPLOY_S3_LOCK_SETTLE_MS: '100',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  }
  // The SDK warns once per process on Node 20 that later SDK versions need Node 22 (CI moves to 24).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  server.client = new S3Client({
    endpoint: `http://127.0.0.1:${upstream.port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  return server
}
