/**
 * The production layout, with real parts: the pages built for an API on another origin
 * (`VITE_API_BASE`), deployed with `npm run deploy` and served by Debian's nginx with the sample of
 * docs/deploying.md **as printed there** (only `listen` and `root` replaced); the reference server as the
 * API on its own origin, allowing the pages' origin (`CORS_ORIGINS`). A phone walks the share pages, the
 * folder list and `/vip_sale` in the app (the fake host injected by the test: nginx has none), the 404
 * page; every picture on screen loads from the API's origin, the player plays, no request fails. The
 * Headers table is checked request by request, compression included. Then the mistakes ops make: the
 * API without `CORS_ORIGINS`, and a proxy answering the API's path with an HTML 404, each show the load
 * failure with 重试, never 分享内容不存在或已失效. And an API answer that redirects to a third origin
 * carries neither the token nor the app id there.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, get, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoLinks, type DemoLink } from '../../server/demo-links'
import { DEMO_FOLDERS, DEMO_SHARES } from '../../server/seed/demo'
import { startServer, type RunningServer } from '../../server/start'
import { templateCopy } from '../server/helpers/test-db'
import { expectAccessible } from './support/axe'
import { closeBrowser, openPhone, type Fixture, type PhonePage } from './support/browser'
import { buildPages } from './support/build-pages'
import { freePort, startNginx, type Nginx } from './support/nginx'
import { media, recordMedia, START_BOOK } from './support/recorded-share'

const root = resolve(import.meta.dirname, '../..')
const FAKE_HOST = readFileSync(join(root, 'server/fake-host/fake-host.js'), 'utf8')

let tmp: string
let site: string
let nginx: Nginx | null = null
let pagesOrigin: string
let apiPort: number
let apiDataDir: string
let api: RunningServer | null = null
let elsewhere: Server
let elsewhereUrl: string
const seenElsewhere: IncomingHttpHeaders[] = []

/** The API on its own origin; `cors` names the pages' origin in CORS_ORIGINS, or leaves it unset. */
async function startApi(cors: boolean): Promise<void> {
  await api?.close()
  api = await startServer({
    port: apiPort,
    host: '127.0.0.1',
    dataDir: apiDataDir,
    distDir: join(tmp, 'none'),
    corsOrigins: cors ? [pagesOrigin] : [],
  })
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'kids-cdn-'))
  // nginx's workers run as another user when the test runs as root: they must read the deployed files.
  chmodSync(tmp, 0o755)
  site = join(tmp, 'site')
  // The migrated PGlite template, copied: what a start would make of an empty folder, for a fraction of the CPU.
  apiDataDir = await templateCopy(join(tmp, 'api-data'))
  apiPort = await freePort()
  const nginxPort = await freePort()
  // Two origins: the pages on localhost (the CDN), the API on 127.0.0.1.
  pagesOrigin = `http://localhost:${nginxPort}`
  // Step: build the pages for an API on another origin, and deploy them as ops do.
  await buildPages(join(tmp, 'dist'), `http://127.0.0.1:${apiPort}`)
  execFileSync('npm', ['run', '--silent', 'deploy', '--', '--to', site, '--from', join(tmp, 'dist')], { cwd: root, stdio: 'pipe' })
  // Step: nginx with the printed sample in front of the deploy target; the API without CORS at first.
  nginx = await startNginx(tmp, site, nginxPort)
  await startApi(false)
  // Step: a third origin that records what reaches it.
  elsewhere = createServer((request, response) => {
    seenElsewhere.push(request.headers)
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' })
    response.end('{"result":"SUCCESS","data":null,"msg":""}')
  })
  await new Promise<void>((done) => elsewhere.listen(0, '127.0.0.1', done))
  elsewhereUrl = `http://localhost:${(elsewhere.address() as AddressInfo).port}`
}, 240_000)

afterAll(async () => {
  await closeBrowser()
  nginx?.stop()
  await api?.close()
  await new Promise((done) => (elsewhere ? elsewhere.close(done) : done(null)))
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

/** A phone on the CDN's origin; in the app fixture the test injects the fake host, which nginx cannot. */
async function phoneAt(fixture: Fixture): Promise<PhonePage & { failed: string[] }> {
  const phone = await openPhone(fixture, { baseUrl: pagesOrigin })
  if (fixture === 'app') await phone.context.addInitScript({ content: FAKE_HOST })
  await phone.context.addInitScript(recordMedia)
  const failed: string[] = []
  phone.page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`))
  phone.page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()} ${response.status()}`)
  })
  return { ...phone, failed }
}

/**
 * Waits until every picture on screen has loaded; returns where those of the reply came from (the build's
 * own pictures, inline `data:` or on the pages' origin, are left out) and those that failed.
 */
async function picturesOnScreen(page: Page): Promise<{ fromReply: string[]; broken: string[] }> {
  // Functions, not strings: the pages' script policy forbids eval.
  await page.waitForFunction(
    () =>
      [...document.images].every((img) => {
        const box = img.getBoundingClientRect()
        return img.complete || box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= innerHeight
      }),
    undefined,
    { timeout: 15_000 },
  )
  const shown = await page.evaluate(() =>
    [...document.images]
      .filter((img) => {
        const box = img.getBoundingClientRect()
        return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight
      })
      .map((img) => ({ src: img.currentSrc || img.src, loaded: img.naturalWidth > 0 })),
  )
  return {
    fromReply: shown.filter((p) => !p.src.startsWith('data:') && !p.src.startsWith(`${pagesOrigin}/`)).map((p) => p.src),
    broken: shown.filter((p) => !p.loaded).map((p) => p.src),
  }
}

/** Every picture of the reply on screen loaded, and from the API's origin (never the pages'). */
async function expectPicturesFromApi(page: Page, folder: '/media/' | '/'): Promise<void> {
  // Polled: React's takeover may put a new <img> on screen between the wait and the read, loading for a
  // moment (the same picture, from the cache); a picture that failed stays broken until the time is up.
  await expect.poll(async () => (await picturesOnScreen(page)).broken, { timeout: 15_000 }).toEqual([])
  const pictures = await picturesOnScreen(page)
  expect(pictures.fromReply.length).toBeGreaterThan(0)
  expect(pictures.fromReply.filter((src) => !src.startsWith(`${apiOrigin()}${folder}`))).toEqual([])
}

/** A demo link of the build (its page.ts), with the text on screen that proves its data loaded. */
const link = (route: string, label: string): DemoLink & { proof: string } => {
  const found = demoLinks(join(tmp, 'dist')).find((l) => l.route === route && l.label === label)
  if (!found || typeof found.proof !== 'string') throw new Error(`no demo link "${label}" with a text proof on ${route}`)
  return { ...found, proof: found.proof }
}

const apiOrigin = () => `http://127.0.0.1:${apiPort}`

describe('the API without CORS_ORIGINS (a misconfigured API)', () => {
  it("shows the share page's load failure with 重试, never 分享内容不存在或已失效", async () => {
    const phone = await phoneAt('browser')
    await phone.page.goto(`${pagesOrigin}/recorded_share?r=${DEMO_SHARES.book}`)
    await phone.page.getByRole('button', { name: '重试' }).waitFor()
    expect(await phone.page.getByText('分享内容不存在或已失效').count()).toBe(0)
    await phone.shot('cdn-no-cors-share')
    await phone.context.close()
  })

  it("shows the folder list's load failure with 重试 in the app", async () => {
    const phone = await phoneAt('app')
    await phone.page.goto(`${pagesOrigin}/generate_book/list?id=${DEMO_FOLDERS.collection}`)
    await phone.page.getByRole('button', { name: '重试' }).waitFor()
    await phone.context.close()
  })
})

describe("a proxy that answers the API's path with its own HTML 404", () => {
  it('is a load failure with 重试 on the share page, and 重试 loads the share once the API answers', async () => {
    await startApi(true)
    const phone = await phoneAt('browser')
    await phone.page.route(`${apiOrigin()}/v1/**`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'text/html',
        headers: { 'access-control-allow-origin': pagesOrigin },
        body: '<html><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>',
      }),
    )
    await phone.page.goto(`${pagesOrigin}/recorded_share?r=${DEMO_SHARES.book}`)
    const retry = phone.page.getByRole('button', { name: '重试' })
    await retry.waitFor()
    expect(await phone.page.getByText('分享内容不存在或已失效').count()).toBe(0)
    await phone.page.unroute(`${apiOrigin()}/v1/**`)
    await retry.click()
    await phone.page.getByRole('button', { name: START_BOOK }).waitFor()
    await phone.context.close()
  })
})

describe('pages on the CDN (nginx), the API and its media on their own origin', () => {
  beforeAll(() => startApi(true))

  it('plays the picture-book share: the cover picture from the API origin, 开始欣赏 plays its audio', async () => {
    const phone = await phoneAt('browser')
    const apiCalls: string[] = []
    phone.page.on('request', (request) => {
      if (request.url().includes('/v1/')) apiCalls.push(request.url())
    })
    await phone.page.goto(`${pagesOrigin}/recorded_share?r=${DEMO_SHARES.book}`)
    const start = phone.page.getByRole('button', { name: START_BOOK })
    await start.waitFor()
    await expectPicturesFromApi(phone.page, '/media/')
    expect(apiCalls.length).toBeGreaterThan(0)
    expect(apiCalls.filter((url) => !url.startsWith(apiOrigin()))).toEqual([])
    await phone.shot('cdn-recorded-share-cover')
    await expectAccessible(phone.page, 'share cover served by nginx')
    // Step: 开始欣赏 plays the first recording, from the API's origin.
    await start.click()
    await expect.poll(async () => (await media(phone.page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.2)
    const src = await phone.page.evaluate(
      () => (window as unknown as { __media: { els: HTMLMediaElement[] } }).__media.els.at(-1)?.src ?? '',
    )
    expect(src.startsWith(`${apiOrigin()}/`)).toBe(true)
    expect(await phone.page.getByText('音频加载失败').count()).toBe(0)
    await phone.shot('cdn-recorded-share-playing')
    expect(phone.failed).toEqual([])
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shows the word share with its pictures', async () => {
    const phone = await phoneAt('browser')
    await phone.page.goto(`${pagesOrigin}${link('/word_share', 'words').path}`)
    await phone.page.getByText(link('/word_share', 'words').proof).first().waitFor()
    await expectPicturesFromApi(phone.page, '/')
    await phone.shot('cdn-word-share')
    expect(phone.failed).toEqual([])
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shows the folder list with its covers in the app (a preflighted request with the token)', async () => {
    const phone = await phoneAt('app')
    const collection = link('/generate_book/list', 'collection (type 2)')
    await phone.page.goto(`${pagesOrigin}${collection.path}`)
    await phone.page.getByText(collection.proof).first().waitFor()
    await expectPicturesFromApi(phone.page, '/')
    await phone.shot('cdn-folder-list')
    await expectAccessible(phone.page, 'folder list served by nginx')
    expect(phone.failed).toEqual([])
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shows /vip_sale with the membership and its plans in the app', async () => {
    const phone = await phoneAt('app')
    const membership = link('/vip_sale', 'membership')
    await phone.page.goto(`${pagesOrigin}${membership.path}`)
    await phone.page.getByText(membership.proof).first().waitFor()
    await phone.shot('cdn-vip-sale')
    expect(phone.failed).toEqual([])
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('answers an unknown path with the built 404 page', async () => {
    const phone = await phoneAt('browser')
    const response = await phone.page.goto(`${pagesOrigin}/no_such_page`)
    expect(response?.status()).toBe(404)
    await phone.page.getByText('您访问的页面不存在或已被移除').waitFor()
    await phone.page
      .getByRole('link', { name: '返回首页' })
      .or(phone.page.getByRole('button', { name: '返回首页' }))
      .first()
      .waitFor()
    expect(phone.failed).toEqual([`${pagesOrigin}/no_such_page 404`])
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

/** One request as curl makes it: raw headers and bytes, nothing decompressed. */
function fetchRaw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    get(`${pagesOrigin}${path}`, { headers }, (res: IncomingMessage) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    }).on('error', fail)
  })
}

const GZIP = { 'accept-encoding': 'gzip' }
const YEAR = 'public, max-age=31536000, immutable'

function expectSecurityHeaders(headers: IncomingHttpHeaders, what: string): void {
  expect(headers['x-content-type-options'], what).toBe('nosniff')
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
  expect(headers['content-security-policy'], what).toBe("frame-ancestors 'none'")
}

describe('the Headers table, request by request (docs/deploying.md)', () => {
  const manifest = () =>
    JSON.parse(readFileSync(join(tmp, 'dist/pages-manifest.json'), 'utf8')) as {
      routes: Record<string, { html: { file: string }; assets: { file: string; size: number }[] }>
    }

  it("serves every route's HTML at /route, /route/ and /route/index.html, no-cache with an ETag, gzipped", async () => {
    for (const route of Object.keys(manifest().routes)) {
      const paths = route === '/' ? ['/', '/index.html'] : [route, `${route}/`, `${route}/index.html`]
      for (const path of paths) {
        const res = await fetchRaw(path, GZIP)
        expect(res.status, path).toBe(200)
        expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8')
        expect(res.headers['cache-control'], path).toBe('no-cache')
        expect(res.headers['content-encoding'], path).toBe('gzip')
        expect(res.headers.etag, path).toBeTruthy()
        expectSecurityHeaders(res.headers, path)
        const again = await fetchRaw(path, { ...GZIP, 'if-none-match': String(res.headers.etag) })
        expect(again.status, `${path} revalidated`).toBe(304)
      }
    }
  })

  it('serves every asset of every page for a year, and JS, CSS and SVG gzipped', async () => {
    const assets = new Map(
      Object.values(manifest().routes).flatMap((route) => route.assets.map((asset) => [asset.file, asset.size] as const)),
    )
    let react: { raw: number; sent: number } | null = null
    for (const [file, size] of assets) {
      if (!file.startsWith('assets/')) continue // a file of public/ a page links to (favicon.svg): below
      const res = await fetchRaw(`/${file}`, GZIP)
      expect(res.status, file).toBe(200)
      expect(res.headers['cache-control'], file).toBe(YEAR)
      expectSecurityHeaders(res.headers, file)
      if (/\.(js|css|svg)$/.test(file) && size >= 1024) {
        expect(res.headers['content-encoding'], file).toBe('gzip')
        expect(res.headers.vary, file).toContain('Accept-Encoding')
      }
      if (/\.(js|css)$/.test(file)) expect(res.headers['content-type'], file).toMatch(/charset=utf-8/)
      if (/\/react-[^/]+\.js$/.test(file)) react = { raw: size, sent: res.body.length }
    }
    // The React chunk: 219 KB as built, about 68 KB on the wire.
    expect(react).not.toBeNull()
    expect(react!.sent).toBeLessThan(react!.raw / 2.5)
  })

  it('serves every file of public/ for an hour', async () => {
    const files = readdirSync(join(root, 'public'))
    expect(files).toContain('share-cover.png')
    for (const file of files) {
      const res = await fetchRaw(`/${file}`, GZIP)
      expect(res.status, file).toBe(200)
      expect(res.headers['cache-control'], file).toBe('public, max-age=3600')
      expectSecurityHeaders(res.headers, file)
    }
  })

  it("never serves the deploy tool's files, and answers them with the built 404 page", async () => {
    for (const path of ['/pages-manifest.json', '/.releases/current', '/.releases/']) {
      const res = await fetchRaw(path)
      expect(res.status, path).toBe(404)
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8')
      expect(res.body.toString('utf8'), path).toContain('页面不存在')
      expect(res.headers['cache-control'], path).toBe('no-cache')
    }
  })
})

describe('an API answer that redirects to another origin', () => {
  it('sends neither the token nor the app id there, from the early request or from a retry', async () => {
    const phone = await phoneAt('app')
    // Step: every folder request is answered with a redirect to the third origin.
    await phone.page.route(`${apiOrigin()}/v1/directory/**`, (route) =>
      route.fulfill({ status: 302, headers: { location: `${elsewhereUrl}/steal`, 'access-control-allow-origin': pagesOrigin } }),
    )
    await phone.page.goto(`${pagesOrigin}/generate_book/list?id=${DEMO_FOLDERS.collection}`)
    // Step: the page's own request (the early one) fails as a network error.
    const retry = phone.page.getByRole('button', { name: '重试' })
    await retry.waitFor()
    // Step: the retry goes through the axios client, and fails the same way.
    await retry.click()
    await retry.waitFor()
    expect(seenElsewhere.filter((h) => h.authorization || h['x-app-id'])).toEqual([])
    // Step: once the API answers again, the retry loads the folder.
    await phone.page.unroute(`${apiOrigin()}/v1/directory/**`)
    await retry.click()
    await phone.page.getByText('启蒙绘本 第一辑').first().waitFor()
    await phone.context.close()
  })
})
