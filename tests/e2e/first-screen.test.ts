/**
 * The first screen before React, in the real build (issue 31): each data page's HTML draws its first
 * screen from its early replies while the bundle is held back, and React's takeover changes nothing on
 * screen — the same boxes at the same places with the same texts, every picture already there — and
 * keeps a tap made before it. The unit test (tests/unit/first-screen) proves the DOM is the same; this
 * one proves the built head script (its class names, assets, title) and the browser agree.
 */
import { join, resolve } from 'node:path'
import type { Page, Route } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { demoLinks, type DemoLink } from '../../server/demo-links'
import { HANDOVER_GLOBAL } from '../../shared/first-screen/handover'
import { PREFETCH_PENDING_GLOBAL } from '../../shared/http/prefetch'
import { closeBrowser, openPhone, type PhonePage } from './support/browser'
import { expectAccessible } from './support/axe'

afterAll(closeBrowser)

const DIST = join(resolve(import.meta.dirname, '../..'), 'dist')

/** The pages that draw a first screen before React, by their bench demo link (their HTML has the head script's registry). */
const DATA_PAGES = [
  '/recorded_share',
  '/word_share',
  '/generate_book/list',
  '/space_upgrade',
  '/vip_sale',
  '/generate_book/create',
  '/self_service_baidu',
]

const linkOf = (route: string): DemoLink => {
  const link = demoLinks(DIST).find((l) => l.route === route && l.bench)
  if (!link) throw new Error(`no bench demo link for ${route}`)
  return link
}

/** Holds the page's scripts back (React never starts) until `release()`. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = []
  let open = false
  await page.route(/\/assets\/[^?]*\.js(\?|$)/, (route) => (open ? route.continue() : void held.push(route)))
  return async () => {
    open = true
    await Promise.all(held.splice(0).map((route) => route.continue()))
  }
}

/** What the reader sees in the viewport: each box with text, picture or control, by what it shows, and where. */
function onScreen(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const seen: Record<string, string> = {}
    const count: Record<string, number> = {}
    for (const el of document.querySelectorAll('#root *')) {
      const r = el.getBoundingClientRect()
      // In the viewport, and more than a visually hidden 1×1 status (the viewer's live region).
      if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth || r.width <= 1 || r.height <= 1) continue
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent)
        .join('')
        .trim()
      const what = el instanceof HTMLImageElement ? el.src : (el.getAttribute('aria-label') ?? '')
      if (!own && !what && !/^(img|svg|input|button|select|textarea)$/.test(el.localName)) continue
      const key = `${el.localName}|${own}|${what}`
      count[key] = (count[key] ?? 0) + 1
      seen[`${key}#${count[key]}`] = [r.x, r.y, r.width, r.height].map((v) => v.toFixed(1)).join(',')
    }
    return seen
  })
}

/** Records, at React's first commit over the drawn screen, the pictures on screen that were not already there. */
const WATCH_TAKEOVER = `
  window.__takeover = null
  new MutationObserver(function () {
    var h = window.__kidsFirstScreen
    if (!h || h.live || window.__takeover) return
    var missing = []
    document.querySelectorAll('#root img').forEach(function (img) {
      var r = img.getBoundingClientRect()
      if (r.bottom > 0 && r.top < innerHeight && !img.complete) missing.push(img.src)
    })
    window.__takeover = { missing: missing, at: performance.now() }
  }).observe(document, { childList: true, subtree: true })`

/** Waits until the head script's first screen is live (drawn, React not in) or, with `false`, taken over by React. */
const firstScreenLive = (page: Page, live: boolean) =>
  page.waitForFunction(
    ([name, want]) => (window as unknown as Record<string, { live: boolean } | undefined>)[name]?.live === want,
    [HANDOVER_GLOBAL, live] as const,
    { timeout: 30_000 },
  )

/** Opens the page with its scripts held, and waits for its first screen drawn by the head script, pictures in. */
async function openDrawn(link: DemoLink): Promise<{ phone: PhonePage; release: () => Promise<void> }> {
  const phone = await openPhone(link.inApp ? 'app' : 'browser')
  await phone.page.addInitScript(WATCH_TAKEOVER)
  const release = await holdScripts(phone.page)
  await phone.page.goto(phone.baseUrl + link.path, { waitUntil: 'commit' })
  await firstScreenLive(phone.page, true)
  // Every early reply in, and so drawn (a page with two draws the first screen again as each comes): the
  // screen React must take over as it is.
  await phone.page.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name] === 0, PREFETCH_PENDING_GLOBAL)
  await phone.page.waitForFunction(() =>
    [...document.images].every((img) => img.complete || img.getBoundingClientRect().top >= innerHeight),
  )
  return { phone, release }
}

const takenOver = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __takeover: unknown }).__takeover !== null, null, { timeout: 30_000 })

describe.each(DATA_PAGES)('%s before React', (route) => {
  it('draws its first screen from the early replies, and React takes it over without a change on screen', async () => {
    const link = linkOf(route)
    const { phone, release } = await openDrawn(link)
    const { page } = phone
    const name = `first-screen-${route.slice(1).replace(/\//g, '-')}`

    // Step: before any of the page's scripts ran, its data is on screen (the proof the smoke test checks).
    if (typeof link.proof === 'string') await page.getByText(link.proof, { exact: false }).first().waitFor()
    const drawn = await onScreen(page)
    const title = await page.title()
    await phone.shot(`${name}-drawn`)
    await expectAccessible(page, `${name}-drawn`)

    // Step: the scripts arrive and React takes over: same boxes, same places, every picture already there.
    await release()
    await takenOver(page)
    const takeover = await page.evaluate(() => (window as unknown as { __takeover: { missing: string[] } }).__takeover)
    expect(takeover.missing, 'pictures React drew before they were there (a blank frame)').toEqual([])
    expect(await onScreen(page)).toEqual(drawn)
    expect(await page.title()).toBe(title)
    await phone.shot(`${name}-react`)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

describe('a tap before React', () => {
  it('on the share cover’s start button starts the book once React is in', async () => {
    const { phone, release } = await openDrawn(linkOf('/recorded_share'))
    const start = phone.page.getByRole('button', { name: /^开始欣赏《/ })
    expect(await start.getAttribute('aria-disabled')).toBe('true')
    // A person can tap it (Playwright waits for "enabled" controls, and this one says it is waiting).
    await start.tap({ force: true })
    await release()
    // The viewer takes over and plays the first page: the tap was kept, not lost.
    await phone.page.getByRole('group', { name: /^1\/\d+$/ }).waitFor({ timeout: 20_000 })
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('on a folder row’s 编辑 opens the edit form once React is in', async () => {
    const { phone, release } = await openDrawn(linkOf('/generate_book/list'))
    await phone.page.getByRole('list', { name: '绘本列表' }).getByRole('button', { name: '编辑' }).first().tap({ force: true })
    await release()
    await phone.page.waitForURL(/\/generate_book\/create\?id=\d+/, { timeout: 20_000 })
    await phone.context.close()
  })
})

describe.each(['/recorded_share', '/word_share'])('%s from a link its HTML frame does not fit (its own title and back button)', (route) => {
  it.each(['app', 'browser'] as const)('shows the loading frame before the share is in, then the cover (%s)', async (fixture) => {
    const link = linkOf(route)
    const name = `first-screen-${route.slice(1)}-own-title-${fixture}`
    const phone = await openPhone(fixture)
    const { page } = phone
    const releaseScripts = await holdScripts(page)
    // The share's reply waits too: what shows before it is the frame the head script draws.
    const heldShare: Route[] = []
    let shareOpen = false
    await page.route(/\/v1\/share\/uar\?/, (route) => (shareOpen ? route.continue() : void heldShare.push(route)))
    await page.goto(`${phone.baseUrl}${link.path}&title=${encodeURIComponent('宝贝的朗读')}&isNeedBackWeb=1`, { waitUntil: 'commit' })
    await page.waitForFunction(() => document.readyState !== 'loading')

    // Step: no script of the page has run and no share is in, yet the screen is not empty.
    await page.getByRole('heading', { name: '宝贝的朗读' }).waitFor()
    await page.getByRole('status', { name: '加载中' }).waitFor()
    expect(await page.getByRole('button', { name: '返回' }).count()).toBe(1)
    expect(await page.title()).toBe('宝贝的朗读')
    await phone.shot(`${name}-loading`)
    await expectAccessible(page, `${name}-loading`)

    // Step: the share comes in: the cover is drawn under the link's title, still before React.
    shareOpen = true
    await Promise.all(heldShare.splice(0).map((route) => route.continue()))
    await page.getByRole('button', { name: /^开始欣赏《/ }).waitFor()
    expect(await page.getByRole('heading', { name: '宝贝的朗读' }).count()).toBe(1)
    await phone.shot(`${name}-cover`)

    // Step: React takes over the same cover.
    await releaseScripts()
    await firstScreenLive(page, false)
    await page.getByRole('button', { name: /^开始欣赏《/ }).waitFor()
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})
