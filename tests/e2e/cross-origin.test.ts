/**
 * The production layout: the pages on one origin (the CDN), the API on another. The pages are built
 * with VITE_API_BASE naming the API's origin, served by one server; the API, with CORS_ORIGINS naming
 * the pages' origin, by another. Also: an API answer that redirects to a third origin carries neither
 * the token nor the app id there.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_FOLDERS, DEMO_SHARES } from '../../server/seed/demo'
import { startServer, type RunningServer } from '../../server/start'
import { closeBrowser, openPhone } from './support/browser'

const root = resolve(import.meta.dirname, '../..')
let tmp: string
let pages: RunningServer
let api: RunningServer
let elsewhere: Server
let elsewhereUrl: string
const seenElsewhere: IncomingHttpHeaders[] = []

/** A free loopback port (listen on 0, read it, close). */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as AddressInfo
  await new Promise((done) => probe.close(done))
  return port
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'kids-cross-origin-'))
  const apiPort = await freePort()
  const apiOrigin = `http://127.0.0.1:${apiPort}`
  // Step: build the pages for an API on another origin.
  process.env.VITE_API_BASE = apiOrigin
  try {
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: join(tmp, 'dist') } })
  } finally {
    delete process.env.VITE_API_BASE
  }
  // Step: the pages on http://localhost:P (another origin than 127.0.0.1), the API on 127.0.0.1.
  pages = await startServer({ port: 0, host: '127.0.0.1', dataDir: join(tmp, 'pages-data'), distDir: join(tmp, 'dist') })
  const pagesOrigin = pages.url.replace('127.0.0.1', 'localhost')
  api = await startServer({
    port: apiPort,
    host: '127.0.0.1',
    dataDir: join(tmp, 'api-data'),
    distDir: join(tmp, 'none'),
    corsOrigins: [pagesOrigin],
  })
  // Step: a third origin that records what reaches it.
  elsewhere = createServer((request, response) => {
    seenElsewhere.push(request.headers)
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' })
    response.end('{"result":"SUCCESS","data":null,"msg":""}')
  })
  await new Promise<void>((done) => elsewhere.listen(0, '127.0.0.1', done))
  elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`
}, 180_000)

afterAll(async () => {
  await closeBrowser()
  await pages?.close()
  await api?.close()
  await new Promise((done) => elsewhere?.close(done))
  rmSync(tmp, { recursive: true, force: true })
})

const pagesBase = () => pages.url.replace('127.0.0.1', 'localhost')

describe('pages on one origin, the API on another', () => {
  it('loads a share page from the API in a browser', async () => {
    const phone = await openPhone('browser', { baseUrl: pagesBase() })
    const apiCalls: string[] = []
    phone.page.on('request', (request) => {
      if (request.url().includes('/v1/')) apiCalls.push(request.url())
    })
    await phone.page.goto(`${pagesBase()}/recorded_share?r=${DEMO_SHARES.book}`)
    await phone.page.getByRole('button', { name: "开始欣赏《Mimi's Sunny Day》" }).waitFor()
    expect(apiCalls.every((url) => url.startsWith(api.url))).toBe(true)
    expect(apiCalls.length).toBeGreaterThan(0)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('loads the folder list with the token and app id in the app (a preflighted request)', async () => {
    const phone = await openPhone('app', { baseUrl: pagesBase() })
    const preflights: string[] = []
    phone.page.on('request', (request) => {
      if (request.method() === 'OPTIONS') preflights.push(request.url())
    })
    await phone.page.goto(`${pagesBase()}/generate_book/list?id=${DEMO_FOLDERS.collection}`)
    await phone.page.getByText('启蒙绘本 第一辑').first().waitFor()
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

describe('an API answer that redirects to another origin', () => {
  it('sends neither the token nor the app id there, from the early request or from a retry', async () => {
    const phone = await openPhone('app', { baseUrl: pagesBase() })
    // Step: every folder request is answered with a redirect to the third origin.
    await phone.page.route(`${api.url}/v1/directory/**`, (route) =>
      route.fulfill({ status: 302, headers: { location: `${elsewhereUrl}/steal`, 'access-control-allow-origin': pagesBase() } }),
    )
    await phone.page.goto(`${pagesBase()}/generate_book/list?id=${DEMO_FOLDERS.collection}`)
    // Step: the page's own request (the early one) fails as a network error.
    const retry = phone.page.getByRole('button', { name: '重试' })
    await retry.waitFor()
    // Step: the retry goes through the axios client, and fails the same way.
    await retry.click()
    await retry.waitFor()
    expect(seenElsewhere.filter((h) => h.authorization || h['x-app-id'])).toEqual([])
    // Step: once the API answers again, the retry loads the folder.
    await phone.page.unroute(`${api.url}/v1/directory/**`)
    await retry.click()
    await phone.page.getByText('启蒙绘本 第一辑').first().waitFor()
    await phone.context.close()
  })
})
