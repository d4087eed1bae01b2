/**
 * Issue 48 item 3: the nginx sample in front of the bucket (docs/deploying.md, "Sample nginx in front of the
 * bucket"), run as printed (only listen, the bucket's host, the endpoint's address, the prefix and the
 * trusted certificate replaced) by Debian's nginx in front of s3rver behind TLS, answers every request as
 * the directory sample does for the same build: status, Content-Type, Cache-Control, compression, the
 * security headers and the bytes; the 404 page for what is missing; never a listing, the store's XML or
 * its x-amz-* headers; and a deploy seen at once.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { get, request, type IncomingHttpHeaders } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, printedNginxSample, startNginx, runNginx, type Nginx } from '../e2e/support/nginx'
import { releaseHtmlPath } from '../../common/rollout/document'
import { newKeyPair } from '../../scripts/delivery/rollout/sign'
import { IMMUTABLE, ROLLOUT_CACHE } from '../../scripts/delivery/store/headers'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { runDeploy } from './helpers/run-deploy'
import { BUCKET, startS3Server, type S3Server } from './helpers/s3-server'

const PREFIX = 'cdn'
/** The bucket's virtual host at s3rver (it takes `<bucket>.s3.amazonaws.com` as the bucket `h5`). */
const BUCKET_HOST = `${BUCKET}.s3.amazonaws.com`

let pair: BuildPair
let s3: S3Server
let tmp: string
let tls: TlsServer
let dirNginx: Nginx | null = null
let s3Nginx: Nginx | null = null
/** Signed, so both targets have a rollout.json and the immutable HTML of every release (issue 47). */
const signing = { ROLLOUT_SIGNING_KEY: newKeyPair().privatePem }

/** The printed sample with only listen, the bucket's host, the endpoint, the prefix and the CA replaced (each once). */
function bucketSample(port: number, endpoint: string, ca: string): string {
  const replaced = new Map<string, number>()
  const swap = (config: string, pattern: RegExp, line: string) =>
    config.replace(pattern, (_all, indent: string) => {
      replaced.set(pattern.source, (replaced.get(pattern.source) ?? 0) + 1)
      return `${indent}${line}`
    })
  let config = printedNginxSample('Sample nginx in front of the bucket')
  config = swap(config, /^(\s*)listen\s[^;]*;/m, `listen 127.0.0.1:${port};`)
  config = swap(config, /^(\s*)set \$h5_bucket\s[^;]*;/m, `set $h5_bucket ${BUCKET_HOST};`)
  config = swap(config, /^(\s*)set \$h5_endpoint\s[^;]*;/m, `set $h5_endpoint ${endpoint};`)
  config = swap(config, /^(\s*)set \$h5_prefix\s[^;]*;/m, `set $h5_prefix /${PREFIX};`)
  config = swap(config, /^(\s*)proxy_ssl_trusted_certificate\s[^;]*;/m, `proxy_ssl_trusted_certificate ${ca};`)
  if (replaced.size !== 5 || [...replaced.values()].some((n) => n !== 1)) throw new Error('the bucket sample lacks a line it should have')
  return config
}

beforeAll(async () => {
  pair = buildPair()
  s3 = await startS3Server()
  tmp = mkdtempSync(join(tmpdir(), 'kids-s3-cdn-'))
  // nginx's workers run as another user when the test runs as root: they must read the deployed files.
  chmodSync(tmp, 0o755)
  const site = join(tmp, 'site')
  const dirDeploy = await runDeploy(['--to', site, '--from', pair.before.dir], signing)
  expect(dirDeploy.code, dirDeploy.stderr).toBe(0)
  const s3Deploy = await runDeploy(['--to', `s3://${BUCKET}/${PREFIX}`, '--from', pair.before.dir], { ...s3.env, ...signing })
  expect(s3Deploy.code, s3Deploy.stderr).toBe(0)

  // The bucket over TLS, as a store is: a certificate for its host, which nginx is told to trust.
  const key = join(tmp, 'bucket.key')
  const cert = join(tmp, 'bucket.pem')
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
      ...['-keyout', key, '-out', cert, '-subj', `/CN=${BUCKET_HOST}`, '-addext', `subjectAltName=DNS:${BUCKET_HOST}`],
    ],
    { stdio: 'pipe' },
  )
  chmodSync(cert, 0o644)
  const storePort = Number(new URL(s3.endpoint).port)
  tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => {
    const upstream = connect(storePort, '127.0.0.1')
    socket.pipe(upstream).pipe(socket)
    socket.on('error', () => upstream.destroy())
    upstream.on('error', () => socket.destroy())
  })
  await new Promise<void>((done) => tls.listen(0, '127.0.0.1', done))
  const endpoint = `127.0.0.1:${(tls.address() as AddressInfo).port}`

  for (const name of ['dir-nginx', 's3-nginx']) mkdirSync(join(tmp, name))
  dirNginx = await startNginx(join(tmp, 'dir-nginx'), site, await freePort())
  const s3Port = await freePort()
  s3Nginx = await runNginx(join(tmp, 's3-nginx'), bucketSample(s3Port, endpoint, cert), s3Port)
}, 240_000)

afterAll(async () => {
  dirNginx?.stop()
  s3Nginx?.stop()
  await new Promise((done) => (tls ? tls.close(done) : done(null)))
  await s3?.stop()
  pair?.cleanup()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  /** The bytes, gunzipped when sent compressed. */
  body: Buffer
}

function fetchRaw(base: string, path: string, headers: Record<string, string> = { 'accept-encoding': 'gzip' }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw,
        })
      })
      res.on('error', reject)
    }).on('error', reject)
  })
}

/** What a visitor notices of an answer; a script's media type in its one spelling (text/javascript, RFC 9239). */
function seen(answer: Answer) {
  const h = answer.headers
  return {
    status: answer.status,
    contentType: h['content-type']?.replace(/^application\/javascript\b/, 'text/javascript'),
    cacheControl: h['cache-control'],
    contentEncoding: h['content-encoding'],
    csp: h['content-security-policy'],
    referrerPolicy: h['referrer-policy'],
    nosniff: h['x-content-type-options'],
    body: `${answer.body.length} bytes, sha256 ${createHash('sha256').update(answer.body).digest('hex')}`,
  }
}

/** The store's own headers, which must never reach a visitor. */
const storeHeaders = (answer: Answer) => Object.keys(answer.headers).filter((name) => /^x-(amz|oss|cos)-/i.test(name))

/** Fetches `path` from both samples, expects the same answer and nothing of the store; returns the bucket's. */
async function same(path: string): Promise<Answer> {
  const [fromDir, fromBucket] = await Promise.all([fetchRaw(dirNginx!.url, path), fetchRaw(s3Nginx!.url, path)])
  expect(seen(fromBucket), path).toEqual(seen(fromDir))
  expect(storeHeaders(fromBucket), path).toEqual([])
  expect(fromBucket.body.toString('latin1'), path).not.toMatch(/<ListBucketResult|<Error>|<Code>/)
  return fromBucket
}

describe('nginx in front of the bucket (docs/deploying.md), against the directory sample serving the same build', () => {
  it('serves rollout.json with the short cache and each release’s immutable HTML as HTML, never through a clean URL', async () => {
    // Each target's own document (signed at its own deploy's time): the same answer but for the bytes.
    const [fromDir, fromBucket] = await Promise.all([fetchRaw(dirNginx!.url, '/rollout.json'), fetchRaw(s3Nginx!.url, '/rollout.json')])
    expect({ ...seen(fromBucket), body: null }).toEqual({ ...seen(fromDir), body: null })
    expect([fromBucket.status, fromBucket.headers['cache-control']]).toEqual([200, ROLLOUT_CACHE])
    expect(fromBucket.headers['content-type']).toMatch(/^application\/json/)
    expect(storeHeaders(fromBucket)).toEqual([])
    for (const route of Object.values(pair.before.manifest.routes)) {
      const path = `/${releaseHtmlPath(route.name, route.release!)}`
      const answer = await same(path)
      expect([answer.status, answer.headers['cache-control']], path).toEqual([200, IMMUTABLE])
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/)
      expect(createHash('sha256').update(answer.body).digest('hex'), path).toBe(route.html.sha256)
      expect((await same(path.replace(/\.html$/, ''))).status, path).toBe(404)
    }
  })

  it('serves every route at /route, /route/ and /route/index.html (and with a query string) as the directory sample does', async () => {
    for (const route of Object.keys(pair.before.manifest.routes)) {
      const paths = route === '/' ? ['/', '/index.html', '/?from=app'] : [route, `${route}/`, `${route}/index.html`, `${route}?r=abc`]
      for (const path of paths) {
        const answer = await same(path)
        expect(answer.status, path).toBe(200)
        expect(answer.headers['cache-control'], path).toBe('no-cache')
      }
    }
  })

  it('serves every file a page loads and every file of public/ with the same type, cache and bytes', async () => {
    const m = pair.before.manifest
    const files = new Set([...Object.values(m.routes).flatMap((r) => r.assets.map((a) => a.file)), ...m.other.map((o) => o.file)])
    expect(files.size).toBeGreaterThan(10)
    for (const file of files) {
      const answer = await same(`/${file}`)
      expect(answer.status, file).toBe(200)
    }
  })

  it('answers a missing page, a missing asset and the deploy tool’s files with the built 404 page', async () => {
    const missing = ['/no_such_page', '/no_such_page/', '/assets/missing-0000.js', '/missing.png', '/generate_book']
    const private_ = ['/pages-manifest.json', '/.releases/current', '/.releases/index.json', '/.releases/']
    for (const path of [...missing, ...private_]) {
      const answer = await same(path)
      expect(answer.status, path).toBe(404)
      expect(answer.headers['cache-control'], path).toBe('no-cache')
      expect(answer.body.toString('utf8'), path).toContain('页面不存在')
    }
  })

  it('never lists the bucket, whatever path or query asks for it', async () => {
    const probes = [
      '/?list-type=2',
      '/?prefix=&delimiter=/',
      '/assets/',
      '/assets',
      `/${PREFIX}/`,
      `/${BUCKET}/${PREFIX}/`,
      '/%3Flist-type=2',
      '/a%3Flist-type=2',
    ]
    for (const path of probes) {
      const answer = await same(path)
      expect(answer.body.toString('utf8'), path).not.toContain('<Key>')
    }
    // Only reads reach the bucket: a write or a delete is refused as nginx refuses it for files.
    for (const method of ['PUT', 'DELETE', 'POST']) {
      const refused = await new Promise<number>((resolve, reject) =>
        // A connection of its own: nginx refuses before reading the body, and a kept-alive socket's next
        // request would start in the unread 'x' (a 400, as CI once saw under load).
        request(`${s3Nginx!.url}/price_up/index.html`, { method, agent: false }, (res) => resolve((res.resume(), res.statusCode ?? 0)))
          .on('error', reject)
          .end('x'),
      )
      expect(refused, method).toBe(405)
    }
    expect(await s3.object(PREFIX, 'price_up/index.html')).toMatchObject({ contentType: 'text/html; charset=utf-8' })
  })

  it('revalidates HTML against the bucket (304 with its ETag)', async () => {
    const first = await fetchRaw(s3Nginx!.url, '/price_up')
    expect(first.headers.etag).toBeTruthy()
    const again = await fetchRaw(s3Nginx!.url, '/price_up', { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) })
    expect(again.status).toBe(304)
  })

  it('answers a store failing with its own 502 page, never the store’s XML or headers', async () => {
    s3.faults.push({ path: new RegExp(`^/${PREFIX}/price_up/index\\.html$`), status: 503, times: 1 })
    try {
      const answer = await fetchRaw(s3Nginx!.url, '/price_up')
      expect(answer.status).toBe(502)
      expect(answer.body.toString('utf8')).not.toMatch(/SlowDown|<Error>/)
      expect(storeHeaders(answer)).toEqual([])
    } finally {
      s3.faults.length = 0
    }
  })

  it('serves a deploy at once: the switched page’s new HTML on the next request, the other pages as before', async () => {
    const { changed, after } = pair
    const deployed = await runDeploy(['--to', `s3://${BUCKET}/${PREFIX}`, '--from', after.dir, '--pages', changed.name], {
      ...s3.env,
      ...signing,
    })
    expect(deployed.code, deployed.stderr).toBe(0)
    const answer = await fetchRaw(s3Nginx!.url, changed.path)
    expect(answer.status).toBe(200)
    expect(answer.body.equals(readFileSync(join(after.dir, after.manifest.routes[changed.path]!.html.file)))).toBe(true)
    const switched = (path: string) => path === changed.path || after.manifest.routes[path]!.aliasOf === changed.path
    const other = Object.keys(after.manifest.routes).find((path) => !switched(path))!
    expect(
      (await fetchRaw(s3Nginx!.url, other)).body.equals(readFileSync(join(pair.before.dir, pair.before.manifest.routes[other]!.html.file))),
    ).toBe(true)
  })
})
