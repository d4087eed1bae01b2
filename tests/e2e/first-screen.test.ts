/**
 * The first screen before React, in the real build (issue 31): each data page's HTML draws its first
 * screen from its early replies while the bundle is held back, and React's takeover changes nothing on
 * screen — the same boxes at the same places with the same texts, every picture already there — and
 * keeps a tap made before it, shown at once as heard. The unit test (tests/unit/first-screen) proves the
 * DOM is the same; this one proves the built head script (its class names, assets, title) and the browser
 * agree, on every demo link of every page the build marks as drawing a first screen (issue 41).
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Locator, Page, Route } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { demoLinks, type DemoLink } from '../../server/demo-links'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { HANDOVER_GLOBAL, KEPT } from '../../shared/first-screen/handover'
import { PREFETCH_PENDING_GLOBAL } from '../../shared/http/prefetch'
import { closeBrowser, openPhone, type PhonePage } from './support/browser'
import { expectAccessible } from './support/axe'

afterAll(closeBrowser)

const DIST = join(resolve(import.meta.dirname, '../..'), 'dist')

/** The pages whose built HTML draws a first screen before React: the build marks them (pages-manifest.json `firstScreen`). */
const SCREEN_ROUTES = Object.entries((JSON.parse(readFileSync(join(DIST, 'pages-manifest.json'), 'utf8')) as PagesManifest).pages ?? {})
  .filter(([, page]) => page.firstScreen)
  .map(([route]) => route)
/** Every demo link of those pages: each is a case. */
const LINKS = demoLinks(DIST).filter((link) => SCREEN_ROUTES.includes(link.route))

const linkOf = (route: string): DemoLink => {
  const link = LINKS.find((l) => l.route === route && l.bench)
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

/** Records, at React's first commit over the drawn screen, the pictures on screen not already there and text laid out empty. */
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
    // Text on screen that React's first frame would lay out empty (a box whose text is not rendered yet,
    // as content-visibility: auto does to new rows until it has judged them on screen): a flicker.
    var blank = []
    document.querySelectorAll('#root *').forEach(function (el) {
      var r = el.getBoundingClientRect()
      // A form control's text is its value, which innerText does not read.
      if (el.children.length || /^(textarea|select|option|input)$/.test(el.localName)) return
      if (!el.textContent.trim() || r.bottom <= 0 || r.top >= innerHeight || !r.width) return
      if (!el.innerText.trim()) blank.push(el.textContent.trim().slice(0, 40))
    })
    window.__takeover = { missing: missing, blank: blank, at: performance.now() }
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

describe('the pages whose build draws a first screen', () => {
  it.each(SCREEN_ROUTES)('%s has a demo link to open', (route) => {
    expect(LINKS.some((link) => link.route === route)).toBe(true)
  })
})

describe.each(LINKS.map((link) => [`${link.route} (${link.label})`, link] as const))('%s before React', (_, link) => {
  it('draws its first screen from the early replies, and React takes it over without a change on screen', async () => {
    const { phone, release } = await openDrawn(link)
    const { page } = phone
    const name = `first-screen-${link.route.slice(1).replace(/\//g, '-')}-${link.label.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')}`

    // Step: before any of the page's scripts ran, its data is on screen (the proof the smoke test checks).
    if (typeof link.proof === 'string') await page.getByText(link.proof, { exact: false }).first().waitFor()
    else expect(await page.getByLabel(link.proof.field).inputValue()).toBe(link.proof.value)
    const drawn = await onScreen(page)
    const title = await page.title()
    await phone.shot(`${name}-drawn`)
    await expectAccessible(page, `${name}-drawn`)

    // Step: the scripts arrive and React takes over: same boxes, same places, every picture already there.
    await release()
    await takenOver(page)
    const takeover = await page.evaluate(() => (window as unknown as { __takeover: { missing: string[]; blank: string[] } }).__takeover)
    expect(takeover.missing, 'pictures React drew before they were there (a blank frame)').toEqual([])
    expect(takeover.blank, 'text React laid out empty at its takeover (a flicker)').toEqual([])
    expect(await onScreen(page)).toEqual(drawn)
    expect(await page.title()).toBe(title)
    await phone.shot(`${name}-react`)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

/**
 * Taps `control` on the drawn screen (before React) and tells whether the page showed the tap was heard
 * in the tap's own task (handover.ts marks it there), so that the next frame shows it, and its look then:
 * a person on a slow network must see at once that the tap counted (issue 39). Asked of the page's tasks,
 * not of a clock: a loaded machine delays the tap's event itself, never the order of tasks.
 */
async function tapHeard(page: Page, control: Locator): Promise<{ inItsTask: boolean; opacity: number }> {
  await page.evaluate((kept) => {
    const w = window as unknown as { __heard?: boolean }
    delete w.__heard
    // Capture on window: before the first screen's own listener on the document, which stops the click.
    window.addEventListener(
      'click',
      (event) => {
        const target = event.target as Element
        let marked = false
        // A mark is a mutation (a control tapped again is marked again), told at the end of its task.
        const observer = new MutationObserver(() => (marked ||= target.closest(`[${kept}]`) !== null))
        observer.observe(document.getElementById('root')!, { attributes: true, subtree: true, attributeFilter: [kept] })
        // The next task: the tap's own (its listeners and their microtasks) has ended by then.
        setTimeout(() => {
          observer.disconnect()
          w.__heard = marked
        }, 0)
      },
      { capture: true, once: true },
    )
  }, KEPT)
  await control.tap({ force: true })
  await page.waitForFunction(() => (window as unknown as { __heard?: boolean }).__heard !== undefined, null, { timeout: 5_000 })
  return {
    inItsTask: await page.evaluate(() => (window as unknown as { __heard: boolean }).__heard),
    opacity: Number(await control.evaluate((el) => getComputedStyle(el).opacity)),
  }
}

describe('a tap before React', () => {
  it('on the share cover’s start button shows it was heard at once, and starts the book once React is in', async () => {
    const { phone, release } = await openDrawn(linkOf('/recorded_share'))
    const start = phone.page.getByRole('button', { name: /^开始欣赏《/ })
    expect(await start.getAttribute('aria-disabled')).toBe('true')
    // A person can tap it (Playwright waits for "enabled" controls, and this one says it is waiting).
    const heard = await tapHeard(phone.page, start)
    // Marked in the tap's own task (the frame after it shows it); it looks pressed.
    expect(heard.inItsTask).toBe(true)
    expect(heard.opacity).toBeLessThan(1)
    expect(await start.getAttribute('aria-busy')).toBe('true')
    await phone.shot('first-screen-tap-heard-recorded_share')
    await expectAccessible(phone.page, 'first-screen-tap-heard-recorded_share')
    await release()
    // The viewer takes over and plays the first page: the tap was kept, not lost.
    await phone.page.getByRole('group', { name: /^1\/\d+$/ }).waitFor({ timeout: 20_000 })
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('on a folder row: 删除 twice then 编辑 shows each as heard, and once React is in does the one it shows (编辑)', async () => {
    const { phone, release } = await openDrawn(linkOf('/generate_book/list'))
    const rows = phone.page.getByRole('list', { name: '绘本列表' })
    const remove = rows.getByRole('button', { name: '删除' }).first()
    const edit = rows.getByRole('button', { name: '编辑' }).first()

    // Step: 删除, twice: heard at once each time.
    for (const _ of [1, 2]) expect((await tapHeard(phone.page, remove)).inItsTask).toBe(true)
    expect(await remove.getAttribute(KEPT)).toBe('')
    await phone.shot('first-screen-tap-heard-delete')

    // Step: 编辑: the mark moves to it, the screen shows the action that will be done.
    expect((await tapHeard(phone.page, edit)).inItsTask).toBe(true)
    expect(await remove.getAttribute(KEPT)).toBeNull()
    expect(await edit.getAttribute('aria-busy')).toBe('true')
    await phone.shot('first-screen-tap-heard-edit')
    await expectAccessible(phone.page, 'first-screen-tap-heard-edit')

    // Step: React comes in and does 编辑 (the edit form), not 删除 (no confirmation).
    await release()
    await phone.page.waitForURL(/\/generate_book\/create\?id=\d+/, { timeout: 20_000 })
    expect(phone.errors).toEqual([])
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
