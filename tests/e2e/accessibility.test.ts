/**
 * Accessibility across every page (issue 16), beyond the axe checks of each route in each fixture
 * (accessibility-browser.test.ts, accessibility-app.test.ts): a zoomable viewport, no overlapping text at
 * 200% text size, slides a screen reader tells apart, and no slide or overlay motion under
 * `prefers-reduced-motion`. The journeys in the other files check the states they reach (sheets,
 * dialogs, the share mask, toasts) the same way.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { expectAccessible } from './support/axe'
import { closeBrowser, openPhone } from './support/browser'
import { ROUTES, settled } from './support/routes-accessibility'
import { enlargeText, overlappingText } from './support/text-size'

afterAll(closeBrowser)

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
