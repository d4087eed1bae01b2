// @vitest-environment node
/**
 * scripts/build/prerender/decide.ts on real render workers. The fixtures stand in for a server build: plain
 * ES modules (no build step) that call the collector's slot as mountPage does, and a render entry
 * built on react-dom/static like server-entry.ts. They live under node_modules/.cache so that `react`
 * resolves from the repo.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decide } from '../../../scripts/build/prerender/decide'
import { closeRenderWorkers } from '../../../scripts/build/prerender/render-worker'

const cache = resolve(import.meta.dirname, '../../../node_modules/.cache/kids-english')
let dir = ''

const SERVER_ENTRY = `
import { createElement, StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
const KEY = Symbol.for('kids-english.prerender.mounted')
export function takeMounted() { const e = globalThis[KEY]; delete globalThis[KEY]; return e }
export async function render(element) {
  const { prelude } = await prerenderToNodeStream(createElement(StrictMode, null, element), { onError() {} })
  let html = ''
  for await (const chunk of prelude) html += String(chunk)
  return html
}
`

/** A page module: `body` is the component's body, returning an element built with `h`. */
const page = (body: string) => `
import { createElement as h, useSyncExternalStore } from 'react'
function Page() { ${body} }
globalThis[Symbol.for('kids-english.prerender.mounted')] = h(Page)
`

const PAGES: Record<string, string> = {
  static: page(`return h('h1', null, '价格调整通知')`),
  title: page(`
    const q = typeof location === 'undefined' ? '' : location.search
    const title = new URLSearchParams(q).get('title') || '录音作品'
    return h('h1', null, title)`),
  share: page(`
    const r = typeof location === 'undefined' ? '' : new URLSearchParams(location.search).get('r')
    return h('p', null, r ? '加载中' : '加载失败')`),
  inApp: page(`
    const inApp = useSyncExternalStore(() => () => {}, () => Boolean(window.KidsEnglishBridge && window.KidsEnglishBridge.getUserInfo), () => false)
    return h('main', null, inApp ? '' : h('aside', null, '下载App'))`),
  neutralStore: page(`
    const n = useSyncExternalStore(() => () => {}, () => 1, () => 1)
    return h('p', null, n)`),
  editMode: page(`
    const id = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('id')
    return h('h1', null, id ? '编辑文件夹' : '新建文件夹')`),
  broken: page(`throw new Error('no window here')`),
  // Reads the user agent once and keeps it, as shared/env does: each environment must start afresh.
  cachedAgent: `
import { createElement as h } from 'react'
let agent
const ua = () => (agent ??= typeof navigator === 'undefined' ? '' : navigator.userAgent)
function Page() { return h('main', null, ua().includes('com.kidsenglish.app') ? '' : h('aside', null, '下载App')) }
globalThis[Symbol.for('kids-english.prerender.mounted')] = h(Page)
`,
}

/** The probe values of the parameters the fixtures read (a page's descriptor gives its own). */
const PROBES = { r: 'probe', id: '7', parentId: '7', title: '探针', isNeedBackWeb: '1' }

const files = (name: string) => ({
  pageUrl: pathToFileURL(join(dir, `${name}.mjs`)).href,
  serverEntryUrl: pathToFileURL(join(dir, 'server-entry.mjs')).href,
  preload: [],
})

beforeAll(() => {
  mkdirSync(cache, { recursive: true })
  dir = mkdtempSync(join(cache, 'test-prerender-'))
  writeFileSync(join(dir, 'server-entry.mjs'), SERVER_ENTRY)
  for (const [name, source] of Object.entries(PAGES)) writeFileSync(join(dir, `${name}.mjs`), source)
})

afterAll(() => {
  closeRenderWorkers()
  rmSync(dir, { recursive: true, force: true })
})

describe('decide', () => {
  it('hydrates a frame that reads nothing from the browser, with no guard', async () => {
    const d = await decide('price_up', files('static'), PROBES)
    expect(d).toMatchObject({ mode: 'hydrate', guard: null, markup: '<h1>价格调整通知</h1>' })
  })

  it('replaces a frame that reads the URL, and guards the parameter that changes it', async () => {
    const d = await decide('recorded_share', files('title'), PROBES)
    expect(d).toMatchObject({
      mode: 'replace',
      guard: { appFrame: null, params: [{ name: 'title', present: false }] },
      reads: ['location'],
    })
  })

  it('draws the frame of a typical link and guards the parameter it needs', async () => {
    const d = await decide('recorded_share', files('share'), PROBES, { r: 'probe' })
    expect(d).toMatchObject({ mode: 'replace', markup: '<p>加载中</p>', guard: { appFrame: null, params: [{ name: 'r', present: true }] } })
  })

  it('carries a variant frame for a parameter whose presence, not its value, changes the frame', async () => {
    const d = await decide('generate_book/create', files('editMode'), PROBES)
    expect(d).toMatchObject({
      mode: 'replace',
      markup: '<h1>新建文件夹</h1>',
      guard: { appFrame: null, params: [], variants: [{ param: 'id', frame: '<h1>编辑文件夹</h1>' }] },
    })
  })

  it('guards, and makes no variant for, a parameter whose value the frame shows', async () => {
    const d = await decide('recorded_share', files('title'), PROBES)
    expect(d).toMatchObject({ guard: { params: [{ name: 'title', present: false }] } })
    expect('guard' in d && d.guard?.variants).toBeUndefined()
  })

  it('skips a frame that shows the value of a parameter', async () => {
    const d = await decide('x', files('title'), PROBES, { title: '探针' })
    expect('skipped' in d && d.skipped).toBe('its frame shows the value of title')
  })

  it("carries the app's own frame when an external store draws it differently there", async () => {
    const d = await decide('', files('inApp'), PROBES)
    expect(d).toMatchObject({
      mode: 'hydrate',
      markup: '<main><aside>下载App</aside></main>',
      guard: { appFrame: '<main></main>', params: [] },
    })
  })

  it('hydrates an external store whose client snapshot draws the same frame', async () => {
    expect(await decide('x', files('neutralStore'), PROBES)).toMatchObject({ mode: 'hydrate', guard: null })
  })

  it('renders each environment with fresh module state: a user agent cached in one does not leak into the next', async () => {
    const d = await decide('', files('cachedAgent'), PROBES)
    expect(d).toMatchObject({ mode: 'replace', markup: '<main><aside>下载App</aside></main>', guard: { appFrame: '<main></main>' } })
  })

  it('skips a page whose render throws, with the reason', async () => {
    const d = await decide('broken', files('broken'), PROBES)
    expect('skipped' in d && d.skipped).toMatch(/render failed: .*no window here/)
  })
}, 30_000)
