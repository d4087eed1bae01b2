// @vitest-environment node
/** The budgets check of CI (scripts/build/budgets.ts) and the page weights it reads (scripts/build/page-weight.ts). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { findForbidden, measureBuild, type PageWeight } from '../../../scripts/build/page-weight'
import { checkBudgets, rebaseline, REPORTER_MAX_BYTES, type BudgetsFile } from '../../../scripts/build/budgets'

const weight = (path: string, js: number, extra: Partial<PageWeight> = {}): PageWeight => ({
  path,
  js,
  css: 1000,
  html: 500,
  head: 0,
  screen: 0,
  telemetry: 0,
  reporter: 0,
  lazy: 0,
  files: 3,
  assets: [],
  inlined: [],
  ...extra,
})
const budgets = (pages: BudgetsFile['pages'], fallback: BudgetsFile['default'] = {}): BudgetsFile => ({
  headroom: 0.05,
  default: fallback,
  pages,
})
const noForbidden = () => []

describe('checkBudgets', () => {
  it('passes pages at or under their budgets', () => {
    expect(checkBudgets([weight('/', 70_000)], budgets({ '/': { js: 70_000, css: 1000 } }), noForbidden)).toEqual([])
  })

  it('reports each metric a page exceeds', () => {
    const breaches = checkBudgets(
      [weight('/price_up', 80_000, { css: 3000 })],
      budgets({ '/price_up': { js: 79_000, css: 2000 } }),
      noForbidden,
    )
    expect(breaches.map((b) => b.message)).toEqual(['js 78.1 KB is over its budget of 77.1 KB', 'css 2.9 KB is over its budget of 2.0 KB'])
  })

  it('holds a page without an entry to the default budget', () => {
    const breaches = checkBudgets([weight('/new_page', 200_000)], budgets({}, { js: 110_000 }), noForbidden)
    expect(breaches).toHaveLength(1)
    expect(breaches[0]!.path).toBe('/new_page')
  })

  it('fails a page that loads a module its forbid list names', () => {
    const forbidden = (_page: PageWeight, patterns: string[]) => (patterns.includes('shared/http/') ? ['shared/http/settings.ts'] : [])
    const breaches = checkBudgets([weight('/', 1)], budgets({ '/': { forbid: ['shared/http/'] } }), forbidden)
    expect(breaches).toEqual([{ path: '/', message: 'loads shared/http/settings.ts' }])
  })

  it('holds the field reporter to its cap whatever the page budgets', () => {
    const at = (reporter: number) => weight('/', 1, { reporter, telemetry: reporter + 600 })
    expect(checkBudgets([at(REPORTER_MAX_BYTES)], budgets({}), noForbidden)).toEqual([])
    expect(checkBudgets([at(REPORTER_MAX_BYTES + 1)], budgets({}), noForbidden)).toEqual([
      { path: '/', message: "its field reporter is 3.0 KB, over the reporters' cap of 3.0 KB" },
    ])
  })
})

describe('rebaseline', () => {
  it('sets every budget to today plus the headroom, rounded up to 10 bytes, and keeps forbid lists', () => {
    const next = rebaseline([weight('/', 70_001), weight('/price_up', 1000)], budgets({ '/': { js: 1, forbid: ['node_modules/axios/'] } }))
    expect(next.pages['/']).toEqual({
      js: 73_510,
      css: 1050,
      html: 530,
      head: 0,
      screen: 0,
      telemetry: 0,
      lazy: 0,
      forbid: ['node_modules/axios/'],
    })
    expect(next.default.js).toBe(73_510)
  })

  it('drops budgets of pages the build no longer has', () => {
    expect(Object.keys(rebaseline([weight('/', 1)], budgets({ '/gone': { js: 1 } })).pages)).toEqual(['/'])
  })
})

describe('findForbidden', () => {
  const page = weight('/', 0, {
    assets: [
      { file: 'assets/http-x.js', gzip: 1, lazy: true },
      { file: 'assets/a.css', gzip: 1, lazy: false },
    ],
  })

  it('finds a forbidden module in any chunk the page loads, lazy ones included', () => {
    const hits = findForbidden(page, ['node_modules/axios/'], {
      'assets/http-x.js': ['node_modules/axios/lib/axios.js', 'shared/http/settings.ts'],
    })
    expect(hits).toEqual([{ pattern: 'node_modules/axios/', file: 'assets/http-x.js', module: 'node_modules/axios/lib/axios.js' }])
  })

  it('refuses a chunk-module map from another build', () => {
    expect(() => findForbidden(page, ['x'], {})).toThrow('rebuild')
  })
})

describe('measureBuild', () => {
  function dist(files: Record<string, string>, manifest: unknown): string {
    const dir = mkdtempSync(join(tmpdir(), 'budgets-'))
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      writeFileSync(join(dir, file), text)
    }
    writeFileSync(join(dir, 'pages-manifest.json'), JSON.stringify(manifest))
    return dir
  }
  const ref = (file: string, lazy = false) => ({ file, sha256: 'a'.repeat(64), size: 1, ...(lazy ? { lazy: true } : {}) })

  it('sums gzipped JS and CSS up front, lazy chunks apart, and leaves aliases out', () => {
    const js = 'console.log("page");'.repeat(50)
    const dir = dist(
      { 'index.html': '<html></html>', 'assets/a.js': js, 'assets/b.js': 'x', 'assets/a.css': 'p{}', 'assets/pic.svg': '<svg/>' },
      {
        version: 1,
        routes: {
          '/': {
            path: '/',
            name: 'home',
            html: ref('index.html'),
            assets: [ref('assets/a.css'), ref('assets/a.js'), ref('assets/b.js', true), ref('assets/pic.svg')],
          },
          '/wechat': { path: '/wechat', name: 'wechat', aliasOf: '/', html: ref('index.html'), assets: [] },
        },
        other: [],
      },
    )
    const [home, ...rest] = measureBuild(dir)
    expect(rest).toEqual([])
    expect(home!.js).toBe(gzipSync(js).byteLength)
    expect(home!.css).toBe(gzipSync('p{}').byteLength)
    expect(home!.lazy).toBe(gzipSync('x').byteLength)
    expect(home!.files).toBe(3)
  })

  it('counts CSS the HTML carries inline once, in the HTML', () => {
    const dir = dist(
      { 'p/index.html': '<style data-href="assets/a.css">p{}</style>', 'assets/a.css': 'p{}' },
      { version: 1, routes: { '/p': { path: '/p', name: 'p', html: ref('p/index.html'), assets: [ref('assets/a.css')] } }, other: [] },
    )
    const [page] = measureBuild(dir)
    expect(page).toMatchObject({ css: 0, files: 1, inlined: ['assets/a.css'] })
  })

  it('weighs the inline early-request and first-screen scripts apart (they are in the HTML too)', () => {
    const early = 'fetch("/v1/share/uar");'.repeat(20)
    const screen = 'document.getElementById("root").replaceChildren();'.repeat(30)
    const html = `<head><script data-inline="early-requests">${early}</script></head><body><script data-inline="first-screen">${screen}</script></body>`
    const dir = dist(
      { 'p/index.html': html },
      { version: 1, routes: { '/p': { path: '/p', name: 'p', html: ref('p/index.html'), assets: [] } }, other: [] },
    )
    const [page] = measureBuild(dir)
    expect(page).toMatchObject({ head: gzipSync(early).byteLength, screen: gzipSync(screen).byteLength, html: gzipSync(html).byteLength })
  })

  it('weighs the field reports apart: the capture script and the reporter the HTML names, out of the page’s own JS', () => {
    const capture = 'window.addEventListener("error",function(){});'.repeat(10)
    const reporter = 'navigator.sendBeacon("/v1/telemetry","{}");'.repeat(40)
    const html =
      `<head><script data-inline="telemetry">${capture}</script>` +
      '<template id="kids-reporter" data-route="/p" data-src="/assets/reporter-AbCdEfGh.js"></template></head>'
    const dir = dist(
      { 'p/index.html': html, 'assets/reporter-AbCdEfGh.js': reporter, 'assets/p.js': 'x' },
      {
        version: 1,
        routes: {
          '/p': { path: '/p', name: 'p', html: ref('p/index.html'), assets: [ref('assets/p.js'), ref('assets/reporter-AbCdEfGh.js')] },
        },
        other: [],
      },
    )
    const [page] = measureBuild(dir)
    const reporterBytes = gzipSync(reporter).byteLength
    expect(page).toMatchObject({ reporter: reporterBytes, telemetry: gzipSync(capture).byteLength + reporterBytes, files: 2 })
    expect(page!.js).toBe(gzipSync('x').byteLength)
    expect(page!.assets.map((a) => a.file)).toEqual(['assets/p.js'])
  })
})
