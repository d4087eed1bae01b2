import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/db'
import { runMigrations } from '../../server/db/migrate'
import { FAKE_HOST_TAG } from '../../server/fake-host/inject'
import { DEMO_MEDIA_DIR, MIGRATIONS_DIR } from '../../server/paths'
import { insertFolder } from '../../server/repositories/folders-repository'
import { demoLinkGroups, demoLinkUrl, resolveDemoQuery } from '../../server/demo-links'
import { DEMO_FOLDERS, DEMO_TOKENS, DEMO_USERS } from '../../server/seed/demo'
import { seed, seedIfEmpty } from '../../server/seed/seed'
import { envelope, setupServer } from './helpers/test-app'

/** A small stand-in for `vite build` output, so these tests do not depend on a build. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'kids-english-dist-'))
  const page = (dir: string, title: string) => {
    mkdirSync(join(dist, dir), { recursive: true })
    writeFileSync(
      join(dist, dir, 'index.html'),
      `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8"><title>${title}</title>` +
        `<script type="module" crossorigin src="/assets/page-abc123.js"></script></head><body><div id="root"></div></body></html>`,
    )
  }
  page('', 'home')
  page('recorded_share', 'recorded')
  page('generate_book/list', 'list')
  page('404', '页面不存在')
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'assets', 'page-abc123.js'), 'console.log(1)')
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  // What the deploy tool keeps beside the pages (a deploy target can be served as dist).
  // The build's manifest: the aliases of the home page (its page.ts) and each page's demo links.
  const alias = { aliasOf: '/' }
  const manifest = {
    routes: { '/wechat': alias, '/app': alias, '/about_app': alias },
    pages: {
      '/': { aliases: ['wechat', 'app', 'about_app'], demoLinks: [{ label: 'home', fixture: 'browser', proof: '首页' }] },
      '/generate_book/list': {
        demoLinks: [
          { label: 'root', query: 'id=0', fixture: 'app', proof: '合集' },
          {
            label: 'basic',
            query: 'id={DEMO_FOLDERS.collection}&fakeHostToken={DEMO_TOKENS.basic}',
            fixture: 'app',
            proof: '绘本',
            bench: true,
          },
        ],
      },
    },
  }
  writeFileSync(join(dist, 'pages-manifest.json'), JSON.stringify(manifest))
  mkdirSync(join(dist, '.releases', 'r1'), { recursive: true })
  writeFileSync(join(dist, '.releases', 'current'), 'r1')
  writeFileSync(join(dist, '.releases', 'r1', 'manifest.json'), '{}')
  mkdirSync(join(dist, 'recorded_share', '.tmp'))
  writeFileSync(join(dist, 'recorded_share', '.index.html.tmp'), '<!doctype html>')
  return dist
}

const dist = fakeDist()
const server = setupServer({ distDir: dist, fakeHost: true })
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers })
const title = (html: string) => /<title>(.*?)<\/title>/.exec(html)?.[1]

describe('clean URLs', () => {
  it.each([
    ['/recorded_share', 'recorded'],
    ['/recorded_share/', 'recorded'],
    ['/recorded_share/index.html', 'recorded'],
    ['/recorded_share?r=demo-book', 'recorded'],
    ['/generate_book/list?id=0', 'list'],
    ['/generate_book/list/', 'list'],
    ['/', 'home'],
    ['/index.html', 'home'],
  ])('serves %s from its index.html', async (url, expected) => {
    const res = await get(url)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(title(res.body)).toBe(expected)
  })

  it.each(['/wechat', '/app/', '/about_app'])('serves the home page at the alias %s', async (url) => {
    expect(title((await get(url)).body)).toBe('home')
  })

  it('answers a malformed URL with a Chinese 400', async () => {
    const res = await get('/%E0%A4%A')
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('网址格式不正确')
  })

  it.each(['/no_such_page', '/recorded_share/extra', '/generate_book', '/..%2f..%2fetc%2fpasswd'])(
    'answers %s with the Chinese 404 page',
    async (url) => {
      const res = await get(url)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.body).toContain('页面不存在')
    },
  )

  it('answers an unknown page with the built 404 page, and the fake host when it is on', async () => {
    const res = await get('/no_such_page?x=1', { cookie: 'fakeHost=app' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toContain('/assets/page-abc123.js') // the built page, not the server's own
    expect(res.body).toContain(FAKE_HOST_TAG)
    expect((await get('/no_such_page')).body).not.toContain(FAKE_HOST_TAG)
  })

  it.each([
    '/pages-manifest.json',
    '/pages-manifest.json?v=1',
    '/.releases/current',
    '/.releases/r1/manifest.json',
    '/.releases/',
    '/%2Ereleases/current',
    '/recorded_share/.index.html.tmp',
    '/recorded_share/.tmp/',
  ])("does not serve the deploy tool's file %s", async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('页面不存在')
  })

  it('serves other files of dist', async () => {
    const res = await get('/favicon.svg')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('image/svg+xml')
  })
})

describe('the demo links npm start prints', () => {
  it("come from the pages' descriptors in the manifest, demo data resolved from the seed", () => {
    const groups = demoLinkGroups(dist)
    expect(groups.map((g) => g.links.map((l) => demoLinkUrl('http://h', l)))).toEqual([
      ['http://h/'],
      [
        // Every page in the app, each link whole: the browser page again with the fake host on.
        'http://h/?fakeHost=app',
        'http://h/generate_book/list?id=0&fakeHost=app',
        `http://h/generate_book/list?id=${DEMO_FOLDERS.collection}&fakeHostToken=${DEMO_TOKENS.basic}&fakeHost=app`,
      ],
    ])
    expect(groups[1]!.links.map((l) => l.bench)).toEqual([true, false, true])
  })

  it('refuse a placeholder the seed has no value for', () => {
    expect(() => resolveDemoQuery('id={DEMO_FOLDERS.nope}')).toThrow('{DEMO_FOLDERS.nope}')
    expect(() => resolveDemoQuery('id={DEMO_USERS.vip}')).toThrow('{DEMO_USERS.vip}')
  })

  it('are none without a build', () => {
    expect(demoLinkGroups(join(dist, 'nowhere'))).toEqual([])
  })
})

describe('cache headers', () => {
  it('caches hashed assets for a year as immutable', async () => {
    const res = await get('/assets/page-abc123.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('makes browsers revalidate pages', async () => {
    expect((await get('/recorded_share')).headers['cache-control']).toBe('no-cache')
  })

  it('tags every page with an ETag and answers a matching conditional GET with an empty 304', async () => {
    const first = await get('/recorded_share?r=demo-book')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]{20,}"$/)
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get('/recorded_share?r=demo-book', { 'if-none-match': ifNoneMatch })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['cache-control']).toBe('no-cache')
    }
  })

  it("answers a conditional GET of an alias (from the pages manifest) with the home page's ETag, and its 304 keeps the security headers", async () => {
    const home = await get('/')
    const etag = home.headers.etag as string
    expect(home.headers['content-security-policy']).toContain("script-src 'self'")
    const res = await get('/wechat', { 'if-none-match': etag })
    expect(res.statusCode).toBe(304)
    expect(res.body).toBe('')
    expect(res.headers.etag).toBe(etag)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('sends the whole page again when its ETag does not match', async () => {
    const res = await get('/recorded_share', { 'if-none-match': '"stale"' })
    expect(res.statusCode).toBe(200)
    expect(title(res.body)).toBe('recorded')
  })

  it('gives a page a new ETag when its HTML changes, and another one with the fake host injected', async () => {
    const file = join(dist, 'generate_book', 'list', 'index.html')
    const before = (await get('/generate_book/list')).headers.etag as string
    const withHost = (await get('/generate_book/list?fakeHost=app')).headers.etag as string
    expect(withHost).not.toBe(before)
    writeFileSync(file, `${readFileSync(file, 'utf8')}<!-- deployed again -->`)
    const res = await get('/generate_book/list', { 'if-none-match': before })
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).not.toBe(before)
  })

  it('caches demo media for a day', async () => {
    const res = await get('/media/book/p1.mp3')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
  })

  it('answers missing media with 404', async () => {
    expect((await get('/media/book/nothing.mp3')).statusCode).toBe(404)
  })
})

describe('fake host injection', () => {
  it('is off by default', async () => {
    const res = await get('/recorded_share')
    expect(res.body).not.toContain('__fake-host.js')
    expect(res.headers['set-cookie']).toBeUndefined()
  })

  it('turns on with ?fakeHost=app, sets the cookie and injects the script first in <head>', async () => {
    const res = await get('/generate_book/list?id=0&fakeHost=app')
    expect(res.headers['set-cookie']).toBe('fakeHost=app; Path=/; SameSite=Lax')
    expect(res.body).toContain(`<head>${FAKE_HOST_TAG}<meta charset="UTF-8">`)
    expect(res.body.indexOf(FAKE_HOST_TAG)).toBeLessThan(res.body.indexOf('type="module"'))
  })

  it('stays on while the cookie is set', async () => {
    const res = await get('/recorded_share', { cookie: 'other=1; fakeHost=app' })
    expect(res.body).toContain(FAKE_HOST_TAG)
    expect(res.headers.vary).toBe('Cookie')
  })

  it('turns off with ?fakeHost=off, clearing the cookie', async () => {
    const res = await get('/recorded_share?fakeHost=off', { cookie: 'fakeHost=app' })
    expect(res.body).not.toContain(FAKE_HOST_TAG)
    expect(res.headers['set-cookie']).toBe('fakeHost=; Path=/; Max-Age=0; SameSite=Lax')
  })

  it('serves the script at /__fake-host.js', async () => {
    const res = await get('/__fake-host.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.body).toContain('window.__fakeHost')
  })
})

describe('without a build', () => {
  it('answers pages with a 503 hint while the API keeps working', async () => {
    const app = await buildApp({ db: server.db, dataDir: server.dataDir, distDir: join(dist, 'missing') })
    try {
      const page = await app.inject({ method: 'GET', url: '/recorded_share' })
      expect(page.statusCode).toBe(503)
      expect(page.body).toContain('npm run build')
      const api = await app.inject({ method: 'GET', url: '/v1/share/uar?r=demo-book' })
      expect(envelope(api).result).toBe('SUCCESS')
    } finally {
      await app.close()
    }
  })
})

const TABLES = [
  'users',
  'categories',
  'book_options',
  'folders',
  'capacities',
  'space_goods',
  'claims',
  'uploads',
  'shares',
  'share_items',
  'share_sentences',
  'share_words',
]

/** Every row of every table, in a stable order. */
async function snapshot(db: Db): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {}
  for (const table of TABLES) out[table] = await db.query(`SELECT * FROM ${table} ORDER BY 1, 2`)
  return out
}

const bytesUnder = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, e) => sum + (e.isDirectory() ? bytesUnder(join(dir, e.name)) : statSync(join(dir, e.name)).size),
    0,
  )

describe('migrations', () => {
  it('records each applied file and applies nothing twice', async () => {
    const rows = await server.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')
    expect(rows.map((r) => r.version)).toContain('001_init')
    expect(await runMigrations(server.db, MIGRATIONS_DIR)).toEqual([])
  })
})

describe('seed', () => {
  it('gives the same data when run twice', async () => {
    const first = await snapshot(server.db)
    await seed(server.db)
    expect(await snapshot(server.db)).toEqual(first)
  })

  it('restores changed demo rows and keeps the rows users created', async () => {
    await server.db.query("UPDATE folders SET title = 'changed' WHERE id = $1", [DEMO_FOLDERS.collection])
    await server.db.query("INSERT INTO claims (user_id, activity, granted_mb) VALUES ($1, 'vip-free-space', 10240)", [DEMO_USERS.vip.id])
    const mine = await insertFolder(server.db, DEMO_USERS.vip.id, DEMO_FOLDERS.starterBooks, 0, {
      title: 'my own',
      intro: '',
      imageUrl: '',
      categoryId: 0,
      ages: [],
      tags: [],
    })
    await seed(server.db)
    const [collection] = await server.db.query<{ title: string }>('SELECT title FROM folders WHERE id = $1', [DEMO_FOLDERS.collection])
    expect(collection!.title).toBe('英语绘本合集')
    expect(await server.db.query('SELECT * FROM claims')).toEqual([])
    expect(await server.db.query('SELECT id FROM folders WHERE id = $1', [mine])).toEqual([{ id: mine }])
  })

  it('does nothing on start when the demo data is there', async () => {
    expect(await seedIfEmpty(server.db)).toBe(false)
  })

  it('creates a member, a basic user, a permanent member and a trial user with inviter codes', async () => {
    const users = await server.db.query<{ token: string; is_vip: boolean; vip_permanent: boolean; inviter_code: string }>(
      'SELECT *, vip_expire_at > now() AS is_vip FROM users ORDER BY id',
    )
    expect(users.map((u) => [u.token, u.is_vip, u.vip_permanent])).toEqual([
      ['demo-vip-token', true, false],
      ['demo-basic-token', null, false],
      ['demo-permanent-token', null, true],
      ['demo-trial-token', null, false],
    ])
    expect(users.every((u) => u.inviter_code.length > 0)).toBe(true)
  })

  it('points every stored picture at a demo media file that exists', async () => {
    const urls = [
      ...(await server.db.query<{ u: string }>("SELECT image_url AS u FROM folders WHERE image_url <> ''")),
      ...(await server.db.query<{ u: string }>('SELECT avatar AS u FROM users')),
    ].map((r) => r.u)
    expect(urls.length).toBeGreaterThan(20)
    for (const url of urls) expect(existsSync(join(DEMO_MEDIA_DIR, url.replace(/^\/media\//, ''))), url).toBe(true)
  })
})

describe('demo media', () => {
  it('stays under 5 MB', () => {
    expect(bytesUnder(DEMO_MEDIA_DIR)).toBeLessThan(5 * 1024 * 1024)
  })
})
