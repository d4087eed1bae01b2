/**
 * Accessibility across every page (issue 16): axe's WCAG 2.1 A/AA rules with 0 serious and 0 critical
 * violations and 44 px touch targets (support/axe.ts) in the loaded, loading and failed states of
 * every route, in both fixtures; a zoomable viewport; no overlapping text at 200% text size; and no
 * slide or overlay motion under `prefers-reduced-motion`. The journeys in the other files check the
 * states they reach (sheets, dialogs, the share mask, toasts) the same way.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { demoLinks } from '../../server/demo-links'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { expectAccessible } from './support/axe'
import { closeBrowser, openPhone, type Fixture, type PhonePage } from './support/browser'
import { enlargeText, overlappingText } from './support/text-size'

afterAll(closeBrowser)

/**
 * Every built page as its demo links open it (pages/<route>/page.ts, read from the build's manifest, so
 * a new page is checked without a line here), plus states no demo link shows.
 */
const ROUTES = [
  ...new Set([
    ...demoLinks(join(import.meta.dirname, '../../dist')).map((link) => link.path),
    '/recorded_share?r=demo-cat8',
    `/generate_book/list?id=${DEMO_FOLDERS.emptyFolder}`,
  ]),
]

const API = '**/v1/**'

/** Waits until the page has painted and its requests have settled. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0)
  await page.waitForLoadState('networkidle')
}

/** Phones checking routes side by side: a check mostly waits (for the network to settle), axe is short. */
const LANES = 3

/**
 * Opens `LANES` phones (each prepared by `prepare`) and has them take the routes one by one until every
 * route was visited once; `done` runs on each phone after its last route. The last route is
 * `routes.at(-1)`, visited last by one of them.
 */
async function eachRoute(
  fixture: Fixture,
  visit: (phone: PhonePage, route: string) => Promise<void>,
  { prepare, done }: { prepare?: (phone: PhonePage) => Promise<void>; done?: (phone: PhonePage) => Promise<void> } = {},
): Promise<void> {
  const queue = [...ROUTES]
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      const phone = await openPhone(fixture)
      await prepare?.(phone)
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) await visit(phone, route)
      await done?.(phone)
      await phone.context.close()
    }),
  )
}

describe.each<Fixture>(['browser', 'app'])('every page in the %s fixture', (fixture) => {
  it('has no serious or critical axe violation and no small target, loaded', async () => {
    await eachRoute(
      fixture,
      async (phone, route) => {
        // Step: open the route as a visitor would (in a browser: no sign-in, the open-in-app states).
        await phone.page.goto(phone.baseUrl + route)
        await settled(phone.page)
        await expectAccessible(phone.page, `${route} loaded, ${fixture}`)
      },
      { done: async (phone) => expect(phone.errors).toEqual([]) },
    )
  })

  it('has none while its first requests are still on their way', async () => {
    const held = new Map<PhonePage, (() => void)[]>()
    await eachRoute(
      fixture,
      async (phone, route) => {
        // Step: the API does not answer yet: the loading state (prerendered frame, spinner or skeleton).
        await phone.page.goto(phone.baseUrl + route, { waitUntil: 'load' })
        await phone.page.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0)
        await expectAccessible(phone.page, `${route} loading, ${fixture}`)
        held
          .get(phone)!
          .splice(0)
          .forEach((release) => release())
      },
      {
        prepare: async (phone) => {
          const mine: (() => void)[] = []
          held.set(phone, mine)
          // A held request of a page already left is answered by nobody: the navigation cancelled it.
          await phone.page.route(API, (route) =>
            new Promise<void>((resolve) => mine.push(resolve)).then(() => route.continue().catch(() => {})),
          )
        },
        done: async (phone) => {
          await phone.page.unroute(API)
          held
            .get(phone)!
            .splice(0)
            .forEach((release) => release())
        },
      },
    )
  })

  it('has none when the network fails', async () => {
    await eachRoute(
      fixture,
      async (phone, route) => {
        // Step: every API call fails on the network: error views with 重试, toasts.
        await phone.page.goto(phone.baseUrl + route)
        await settled(phone.page)
        await expectAccessible(phone.page, `${route} network error, ${fixture}`)
        if (route === ROUTES.at(-1)) await phone.shot(`a11y-${fixture}-network-error-create`)
      },
      {
        prepare: async (phone) => {
          await phone.page.route(API, (route) => route.abort())
        },
      },
    )
  })

  it('has none on the 404 page', async () => {
    const phone = await openPhone(fixture)
    const response = await phone.page.goto(`${phone.baseUrl}/no_such_page`)
    expect(response?.status()).toBe(404)
    await expectAccessible(phone.page, `404, ${fixture}`)
    await phone.context.close()
  })
})

describe('zoom', () => {
  it('lets every page zoom to at least 2x', async () => {
    const phone = await openPhone('browser')
    for (const route of [...ROUTES, '/wechat', '/app', '/about_app']) {
      await phone.page.goto(phone.baseUrl + route, { waitUntil: 'domcontentloaded' })
      const content = (await phone.page.locator('meta[name="viewport"]').getAttribute('content')) ?? ''
      expect(content, route).not.toMatch(/user-scalable\s*=\s*(no|0)/)
      const max = /maximum-scale\s*=\s*([\d.]+)/.exec(content)?.[1]
      if (max !== undefined) expect(Number(max), route).toBeGreaterThanOrEqual(2)
    }
    await phone.context.close()
  })
})

// Key pages at 200% text size, a state each: the text on screen must not overlap.
const TEXT_SIZE_PAGES: { route: string; name: string; start?: RegExp }[] = [
  { route: '/', name: 'home' },
  { route: '/recorded_share?r=demo-book', name: 'share-cover' },
  { route: '/recorded_share?r=demo-book', name: 'share-page', start: /^开始欣赏/ },
  { route: '/word_share?r=demo-words', name: 'word', start: /^开始欣赏/ },
  { route: '/space_upgrade', name: 'space-upgrade' },
  { route: '/expand_space', name: 'expand-space' },
  { route: '/price_up', name: 'price-up' },
  { route: `/generate_book/list?id=${DEMO_FOLDERS.collection}`, name: 'folder-list' },
  { route: `/generate_book/create?id=${DEMO_FOLDERS.starterBooks}`, name: 'create-form' },
]

describe('200% text size', () => {
  it('keeps the text of every key page from overlapping', async () => {
    const phone = await openPhone('app')
    for (const { route, name, start } of TEXT_SIZE_PAGES) {
      await phone.page.goto(phone.baseUrl + route)
      await settled(phone.page)
      if (start) {
        await phone.page.getByRole('button', { name: start }).click()
        await phone.page.waitForTimeout(500) // the slide change
      }
      // Step: every text twice as large, as the phone's largest text setting does in a WebView.
      await enlargeText(phone.page, 2)
      await phone.shot(`a11y-text-200-${name}`)
      expect(await overlappingText(phone.page), `${route} (${name})`).toEqual([])
    }
    await phone.context.close()
  })
})

describe('a screen reader on the share page', () => {
  it('hears each slide by its position and whether it plays', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    const deck = page.getByRole('region', { name: "Mimi's Sunny Day" })
    // Step: the cover is the slide on screen, and the live status says so.
    await deck.getByRole('group', { name: '封面' }).waitFor()
    expect(await deck.getByRole('status').textContent()).toBe('封面')
    // Step: start: the first page, playing, announced with the counter's {n}/{total}.
    await page.getByRole('button', { name: /^开始欣赏/ }).click()
    const first = deck.getByRole('group', { name: /^1\/\d+$/ })
    await first.waitFor()
    const position = await first.getAttribute('aria-label')
    await first.getByText(position!, { exact: true }).waitFor() // the counter on the slide reads the same
    await expect.poll(() => deck.getByRole('status').textContent()).toBe(`${position} 正在播放`)
    // Step: pause: announced too.
    await page.getByRole('checkbox', { name: '自动翻页' }).uncheck()
    await first.getByRole('button', { name: '暂停' }).click()
    await expect.poll(() => deck.getByRole('status').textContent()).toBe(`${position} 已暂停`)
    await expectAccessible(page, 'share page paused, browser')
    await phone.context.close()
  })
})

describe('reduced motion', () => {
  it('turns share pages without sliding and opens overlays without animating', async () => {
    const phone = await openPhone('browser')
    // In WeChat, where sharing from a page means the guide mask (elsewhere the system share sheet).
    await phone.page.addInitScript(() =>
      Object.defineProperty(navigator, 'userAgent', { get: () => `${navigator.appVersion} MicroMessenger/8.0.50` }),
    )
    await phone.page.emulateMedia({ reducedMotion: 'reduce' })
    await phone.page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    // Step: the start button turns to the first page at once: no slide transition runs.
    await phone.page.getByRole('button', { name: /^开始欣赏/ }).click()
    const seconds = await phone.page.locator('.swiper-wrapper').evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration))
    expect(seconds).toBeLessThanOrEqual(0.001)
    // Step: the share guide mask appears without a running animation longer than a frame.
    await phone.page.getByRole('button', { name: '分享' }).click()
    await phone.page.getByRole('dialog', { name: '分享引导' }).waitFor()
    const longest = await phone.page.evaluate(() =>
      Math.max(0, ...document.getAnimations().map((a) => Number(a.effect?.getTiming().duration) || 0)),
    )
    expect(longest).toBeLessThanOrEqual(1)
    await expectAccessible(phone.page, 'share mask, reduced motion, browser')
    await phone.context.close()
  })
})
