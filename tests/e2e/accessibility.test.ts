/**
 * Accessibility across every page (issue 16), beyond the axe checks of each route in each fixture
 * (accessibility-browser.test.ts, accessibility-app.test.ts): a zoomable viewport, the states a tap leads
 * to upright and on its side at 200% text (issue 39), slides a screen reader tells apart, and no slide or overlay motion under
 * `prefers-reduced-motion`. The journeys in the other files check the states they reach (sheets,
 * dialogs, the share mask, toasts) the same way.
 */
import type { Locator } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { expectAccessible } from './support/axe'
import { closeBrowser, openPhone } from './support/browser'
import { ROUTES, settled } from './support/routes-accessibility'
import { expectEveryShape, ON_ITS_SIDE, UPRIGHT } from './support/phone-shapes'
import { QUICK_SHARES } from './support/quick-shares'
import { settle, slide, swipe, swipeLeftTo } from './support/recorded-share'

afterAll(closeBrowser)

/** Whether a control is whole on screen as the page stands, and a tap at its middle reaches it. */
const tappableWithoutScroll = (control: Locator) =>
  control.evaluate((el) => {
    const r = el.getBoundingClientRect()
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return hit !== null && el.contains(hit)
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

describe('the states a page reaches, upright and on its side, at 100 and 200 % text (issue 39)', () => {
  // What every route's first view is checked for (support/every-page-accessibility.ts), in the states a
  // tap leads to: the share viewer's slides and top bar, a sheet and a dialog.
  it('keeps the share viewer whole: a page with its top bar, a word, the end slide', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.goto(`${phone.baseUrl}/recorded_share?r=${QUICK_SHARES.book}`)
    await page.getByRole('button', { name: /^开始欣赏/ }).click()
    await page.getByRole('checkbox', { name: '自动翻页' }).uncheck()
    await settle(page)
    await expectEveryShape(phone, 'browser-share-page')
    const total = (await slide(page).getAttribute('aria-label'))!.split('/')[1]!
    await swipeLeftTo(page, `${total}/${total}`)
    await swipe(page, 'left')
    await slide(page).getByRole('button', { name: '返回首页' }).waitFor()
    await expectEveryShape(phone, 'browser-share-end')
    // Step: on its side at the standard size, the end slide's two buttons are there without a scroll
    // (its picture, whole, beside them: the layout check above finds a picture cut to a strip).
    await page.setViewportSize(ON_ITS_SIDE)
    await settle(page)
    for (const name of ['返回首页', '分享']) {
      const button = slide(page).getByRole('button', { name, exact: true })
      expect(await tappableWithoutScroll(button), `${name} on the end slide, 844×390, no scroll`).toBe(true)
    }
    await page.setViewportSize(UPRIGHT)
    await expectAccessible(page, 'share end slide, browser')
    await page.goto(`${phone.baseUrl}/word_share?r=demo-words`)
    await page.getByRole('button', { name: /^开始欣赏/ }).click()
    await page.getByRole('checkbox', { name: '自动翻页' }).uncheck()
    await settle(page)
    await expectEveryShape(phone, 'browser-share-word')
    await phone.context.close()
  })

  it('keeps a sheet and a dialog of the folder list whole', async () => {
    const phone = await openPhone('app')
    const { page } = phone
    await page.goto(`${phone.baseUrl}/generate_book/list?id=${DEMO_FOLDERS.collection}`)
    await settled(page)
    await page.getByRole('button', { name: '添加文件夹' }).click()
    await page.getByRole('dialog').waitFor()
    await settle(page)
    await expectEveryShape(phone, 'app-list-sheet')
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.getByRole('button', { name: '删除' }).first().click()
    await page.getByRole('dialog').waitFor()
    await settle(page)
    await expectEveryShape(phone, 'app-list-delete-confirm')
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
