/**
 * Issue 40 item 7, the scenarios of items 3, 4, 5 and 6: two production instances on one PostgreSQL, uploads
 * in one bucket, behind a round-robin proxy (tests/cluster/support/); the import's journey is
 * import-journey.test.ts. Needs the PostgreSQL binaries `npm test` names (TEST_PG_BIN: scripts/test/test-postgres.ts;
 * the harness starts a server of its own); skipped with the reason without them (vitest run by hand), except in
 * CI, where that fails. By hand:
 *   npm run with-postgres -- "npx vitest run --project cluster"
 */
import { existsSync, readdirSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { pngOf } from '../server/helpers/uploads'
import { signToken } from '../server/helpers/tokens'
import { startCluster, type Cluster } from './support/cluster'
import type { Instance } from './support/instance'
import { missingPostgres } from './support/postgres'

const missing = missingPostgres()
if (missing && process.env.CI) throw new Error(`the cluster tests need PostgreSQL in CI: ${missing}`)

const BOUNDARY = 'cluster-boundary'
const multipart = (file: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ])

interface Reply {
  status: number
  body: { result: string; msg: string; data: unknown }
}

async function call(base: string, path: string, headers: Record<string, string>, init: RequestInit = {}): Promise<Reply> {
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } })
  return { status: res.status, body: (await res.json()) as Reply['body'] }
}

describe('two instances behind a proxy', skipBecause(missing), () => {
  let cluster: Cluster
  let alice: Record<string, string>
  beforeAll(async () => {
    // TRUST_PROXY: one proxy in front (support/proxy.ts), whose X-Forwarded-For names the client.
    cluster = await startCluster({ env: { SHUTDOWN_GRACE_S: '20', TRUST_PROXY: '1' } })
    alice = await cluster.signedIn('alice')
  })
  afterAll(async () => {
    await cluster?.stop()
  })
  const [first, second] = [0, 1]

  it('serves a cover uploaded through one instance through the other (before: 404)', async () => {
    const bytes = pngOf(40_000)
    const uploaded = await call(cluster.instances[first]!.url, '/v1/upload', alice, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart(bytes),
    })
    expect(uploaded.status).toBe(200)
    const { url } = uploaded.body.data as { url: string }
    // The other instance answers with the bucket's public URL; the bytes are the ones sent.
    const read = await fetch(`${cluster.instances[second]!.url}${url}`)
    expect(read.status).toBe(200)
    expect(read.url.startsWith(cluster.s3.publicUrl('cluster'))).toBe(true)
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true)
    // And it is a cover either instance accepts for the user's folder.
    const folder = await call(cluster.instances[second]!.url, '/v1/bookCreation/add', alice, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ parentId: 0, type: 1, title: '封面', imageUrl: url }),
    })
    expect(folder.status).toBe(200)
  })

  it('stays up through a PostgreSQL restart: requests meanwhile get 503 服务繁忙, everything works after', async () => {
    const listing = () => call(cluster.proxy.url, '/v1/directory/0', alice).catch(() => ({ status: 0, body: { msg: '' } }) as Reply)
    expect((await listing()).status).toBe(200)
    await cluster.postgres.stop()
    const during = await Promise.all(Array.from({ length: 6 }, listing))
    for (const instance of cluster.instances) {
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(503)
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200)
    }
    await cluster.postgres.start()
    expect(during.map((r) => [r.status, r.body.msg])).toEqual(Array(6).fill([503, '服务繁忙，请稍后再试']))
    expect(cluster.instances.map((i) => i.running)).toEqual([true, true])
    // Back without a restart of either instance: every request through the proxy works again.
    await expect
      .poll(async () => (await Promise.all(Array.from({ length: 4 }, listing))).map((r) => r.status), { timeout: 15_000 })
      .toEqual([200, 200, 200, 200])
    for (const instance of cluster.instances) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200)
  })

  it('counts the refused sign-ins of an address across both instances: past 30, either refuses it with 429', async () => {
    const bogus = (address: string) => ({ authorization: 'Bearer not-a-signed-token', 'x-forwarded-for': address })
    const before = cluster.proxy.served.length
    const refused: number[] = []
    for (let i = 0; i < 30; i++)
      refused.push((await fetch(`${cluster.proxy.url}/v1/directory/0`, { headers: bogus('203.0.113.7') })).status)
    expect(refused).toEqual(Array(30).fill(401))
    // The proxy shared them out: each instance saw about half, under the limit had it counted alone.
    expect(new Set(cluster.proxy.served.slice(before))).toEqual(new Set(['instance 1', 'instance 2']))
    for (const instance of cluster.instances) {
      const reply = await fetch(`${instance.url}/v1/directory/0`, { headers: bogus('203.0.113.7') })
      expect(reply.status).toBe(429)
      expect(reply.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
      expect(((await reply.json()) as Reply['body']).msg).toBe('操作太频繁，请稍后再试')
    }
    // Another address, and a signed-in user from any address, are not held back.
    expect((await fetch(`${cluster.proxy.url}/v1/directory/0`, { headers: bogus('203.0.113.8') })).status).toBe(401)
    expect((await call(cluster.proxy.url, '/v1/directory/0', alice)).status).toBe(200)
  })

  it('lets a user who signed in through one instance past a flood of bogus tokens from their address on the other (before: 429)', async () => {
    const nat = '203.0.113.60'
    const [a, b] = cluster.instances as [Instance, Instance]
    const bob = { ...(await cluster.signedIn('bob')), 'x-forwarded-for': nat }
    const carol = { ...(await cluster.signedIn('carol')), 'x-forwarded-for': nat }
    const directory = async (instance: Instance, headers: Record<string, string>) =>
      (await fetch(`${instance.url}/v1/directory/0`, { headers })).status
    expect(await directory(a, bob)).toBe(200)
    // 35 bogus tokens from the same address through the other instance: forged JWTs and plain guesses.
    const flood: number[] = []
    for (let i = 0; i < 35; i++) {
      const token = i % 2 ? await signToken({ subject: `x${i}`, key: 'a-secret-that-is-not-the-servers-0123' }) : `guess-${i}`
      flood.push(await directory(b, { authorization: `Bearer ${token}`, 'x-forwarded-for': nat }))
    }
    expect(flood).toEqual([...Array(30).fill(401), ...Array(5).fill(429)])
    // Bob signed in lately (through a): served through b; a bogus token from there is still refused, and
    // so is a real token that did not sign in lately (the exception is the sign-in, not the signature).
    expect(await directory(b, bob)).toBe(200)
    expect(await directory(b, { authorization: 'Bearer guess-again', 'x-forwarded-for': nat })).toBe(429)
    expect(await directory(b, carol)).toBe(429)
    expect(await directory(a, bob)).toBe(200)
  })

  it('turns /readyz unready while an instance drains an upload, which still completes', async () => {
    const draining = cluster.instances[first]!
    const body = multipart(pngOf(100_000))
    // An upload held in flight: all but its last bytes sent.
    let held = () => {}
    const answer = new Promise<number>((resolve, reject) => {
      const req = request(`${draining.url}/v1/upload`, {
        method: 'POST',
        headers: { ...alice, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length },
      })
      req.on('response', (res) => {
        res.resume()
        resolve(res.statusCode!)
      })
      req.on('error', reject)
      req.write(body.subarray(0, body.length - 10))
      held = () => req.end(body.subarray(body.length - 10))
    })
    // It is in flight once its part file is being written on the instance.
    const parts = join(draining.dataDir, 'upload-parts')
    await expect.poll(() => existsSync(parts) && readdirSync(parts).some((name) => name.endsWith('.part'))).toBe(true)
    const url = draining.url
    draining.signal('SIGTERM')
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status).toBe(503)
    // The proxy's users meanwhile: the other instance answers (a 503 from the draining one is retried by a page).
    expect((await call(cluster.instances[second]!.url, '/v1/directory/0', alice)).status).toBe(200)
    held()
    expect(await answer).toBe(200)
    expect(await draining.waitForExit()).toBe(0)
    // Started again, it serves as before.
    await draining.start()
    expect((await call(draining.url, '/v1/directory/0', alice)).status).toBe(200)
  })
})
