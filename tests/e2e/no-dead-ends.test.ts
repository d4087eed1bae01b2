/**
 * No dead ends (issue 15): the ways toward the app, sharing outside it, errors that explain themselves,
 * and the way back, as a visitor meets them in a phone browser, WeChat or the app.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, openPhone, PHONE_UA, type PhonePage } from './support/browser'
import { expectAccessible } from './support/axe'
import { setTextSize, textSizeFromStart } from './support/text-size'

afterAll(closeBrowser)

const WECHAT_UA = `${PHONE_UA} MicroMessenger/8.0.50.2701 NetType/WIFI Language/zh_CN`

/** Makes the page read WeChat's user agent (what the pages check; the network one stays). */
async function asWeChat(phone: PhonePage): Promise<void> {
  await phone.page.addInitScript((ua) => Object.defineProperty(navigator, 'userAgent', { get: () => ua }), WECHAT_UA)
}

/** Waits until no finite CSS animation is running, so a screenshot shows the settled state. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

describe('toward the app', () => {
  it('offers 打开App beside 下载App on the share pages and the home page', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    for (const [path, name] of [
      ['/recorded_share?r=demo-book', 'share'],
      ['/', 'home'],
    ] as const) {
      await page.goto(phone.baseUrl + path)
      const bar = page.getByRole('complementary', { name: '小象英语' })
      await bar.getByRole('button', { name: '打开App' }).waitFor()
      expect(await bar.getByRole('button').allTextContents(), path).toEqual(['打开App', '下载App'])
      await phone.shot(`dead-ends-download-bar-${name}`)
      await expectAccessible(phone.page, `dead-ends-download-bar-${name}`)
    }
    // Step: a small phone still fits both buttons and the text.
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    const buttons = page.getByRole('complementary', { name: '小象英语' }).getByRole('button')
    await buttons.last().waitFor()
    // Read in one go in the page: React may replace the first screen's buttons between two round trips.
    const rights = await buttons.evaluateAll((all) => all.map((b) => b.getBoundingClientRect().right))
    expect(rights).toHaveLength(2)
    for (const right of rights) expect(right).toBeLessThanOrEqual(320)
    await phone.shot('dead-ends-download-bar-320')
    await expectAccessible(phone.page, 'dead-ends-download-bar-320')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

describe('sharing outside the app', () => {
  it.each(['/price_up', '/expand_space'])('shows the WeChat guide on %s without covering the header', async (path) => {
    const phone = await openPhone('browser')
    const { page } = phone
    await asWeChat(phone)
    await page.goto(phone.baseUrl + path)
    const shareButton = page.getByRole('banner').getByRole('button', { name: '分享' })
    const title = page.getByRole('heading', { level: 1 })
    const [shareBox, titleBox] = [await shareButton.boundingBox(), await title.boundingBox()]
    await shareButton.click()
    const guide = page.getByRole('dialog', { name: '分享引导' })
    await guide.waitFor()
    await settle(page)
    // Step: the guide's drawing (picture and text) stays clear of the header's share icon and title.
    const drawing = (await guide.locator('figure').boundingBox())!
    expect(overlaps(drawing, shareBox!), 'covers the share icon').toBe(false)
    expect(overlaps(drawing, titleBox!), 'covers the title').toBe(false)
    await phone.shot(`dead-ends-wechat-guide${path.replace('/', '-')}`)
    await expectAccessible(phone.page, `dead-ends-wechat-guide${path.replace('/', '-')}`)
    await guide.click()
    await guide.waitFor({ state: 'detached' })
    await phone.context.close()
  })

  it('opens the system share sheet in another browser, with the page link only', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.addInitScript(() => {
      const shared: unknown[] = ((window as unknown as { __shared: unknown[] }).__shared = [])
      Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void shared.push(data), configurable: true })
    })
    await page.goto(`${phone.baseUrl}/price_up?fakeHostToken=abc&isNeedBackWeb=1`)
    await page.getByRole('banner').getByRole('button', { name: '分享' }).click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
      .toEqual([{ title: '价格调整通知', text: '会员方案价格即将调整，点击查看详情', url: `${phone.baseUrl}/price_up` }])
    expect(await page.getByRole('dialog', { name: '分享引导' }).count()).toBe(0)
    await phone.context.close()
  })

  it('copies the share page link, with only its own parameters, where there is no share sheet', async () => {
    const phone = await openPhone('browser')
    const { page, context } = phone
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: phone.baseUrl })
    await page.addInitScript(() => delete (Navigator.prototype as { share?: unknown }).share)
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book&fakeHostToken=abc&fakeHostVersion=2.0.0&isNeedBackWeb=1&from=timeline`)
    await page.getByRole('button', { name: "开始欣赏《Mimi's Sunny Day》" }).click()
    await page.getByRole('button', { name: '分享' }).first().click()
    // Step: the toast says the link is copied; the clipboard holds the share code and nothing else.
    await page.getByRole('alert').filter({ hasText: '链接已复制，快去分享给好友吧' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${phone.baseUrl}/recorded_share?r=demo-book`)
    await phone.shot('dead-ends-share-copied')
    await expectAccessible(phone.page, 'dead-ends-share-copied')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

describe('a share that cannot be shown', () => {
  it.each([
    ['an unknown share code', '/recorded_share?r=no-such-share', '分享内容不存在或已失效'],
    ['no share code', '/word_share', null],
  ])("says so in the view for %s, with the server's message as a toast, one 打开App and no 重试", async (_, path, toast) => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.goto(phone.baseUrl + path)
    // The server's message, as docs/spec/product-spec.md §8 wants it, waited for as it comes (it goes after 2 s);
    // without a code nothing was asked, so nothing to toast.
    if (toast) await page.getByRole('alert').filter({ hasText: toast }).waitFor()
    await page.getByText('分享内容不存在或已失效').and(page.locator(':not([role=alert])')).waitFor()
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: '打开App' }).count(), 'one way into the app').toBe(1)
    if (!toast) {
      await page.waitForTimeout(300)
      expect(await page.getByRole('alert').count()).toBe(0)
    }
    await phone.shot(`dead-ends-share-not-found${path.includes('?') ? '' : '-no-code'}`)
    await expectAccessible(phone.page, `dead-ends-share-not-found${path.includes('?') ? '' : '-no-code'}`)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('keeps 重试 for a network failure, and says the reason once', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    let fail = true
    await page.route('**/v1/share/uar**', (route) => (fail ? route.abort() : route.continue()))
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    await page.getByRole('button', { name: '重试' }).waitFor()
    expect(await page.getByText('加载失败').count()).toBe(1)
    expect(await page.getByText('网络错误，请检查您的网络连接').count()).toBe(1) // the toast, once
    await phone.shot('dead-ends-share-network-failure')
    await expectAccessible(phone.page, 'dead-ends-share-network-failure')
    // Step: the network is back; 重试 loads the share.
    fail = false
    await page.getByRole('button', { name: '重试' }).click()
    await page.getByRole('button', { name: "开始欣赏《Mimi's Sunny Day》" }).waitFor()
    await phone.context.close()
  })
})

/**
 * Opens `url` in a new tab with no history, as a shared link opens (a test browser's own first page
 * starts at about:blank, which would count as history).
 */
async function openInNewTab(phone: PhonePage, url: string): Promise<Page> {
  await phone.page.goto(`${phone.baseUrl}/favicon.svg`)
  const [tab] = await Promise.all([phone.context.waitForEvent('page'), phone.page.evaluate((u) => void window.open(u), url)])
  await tab.waitForLoadState()
  return tab
}

describe('a folder that cannot be shown, in the app', () => {
  it.each([
    ['a folder that is not there', '/generate_book/list?id=999999', 'missing'],
    ['a folder of another user', '/generate_book/list?id=10&fakeHostToken=demo-basic-token', 'foreign'],
    ['a malformed id', '/generate_book/list?id=abc', 'malformed'],
  ])('says so for %s, with 返回 and no 重试, never the top level instead', async (_, path, name) => {
    const phone = await openPhone('app')
    const { page } = phone
    await page.goto(phone.baseUrl + path)
    await page.getByRole('main').getByText('文件夹不存在').waitFor()
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0)
    expect(await page.getByRole('main').getByRole('button', { name: '返回' }).count()).toBe(1)
    expect(await page.getByText('英语绘本合集').count(), 'the top level is not shown in its place').toBe(0)
    await phone.shot(`dead-ends-folder-${name}`)
    await expectAccessible(phone.page, `dead-ends-folder-${name}`)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

describe('the way back', () => {
  it('a browser tab with no history goes home from the header back', async () => {
    const phone = await openPhone('browser')
    const page = await openInNewTab(phone, `${phone.baseUrl}/space_upgrade`)
    expect(await page.evaluate(() => history.length)).toBe(1)
    await page.getByRole('banner').getByRole('button', { name: '返回' }).click()
    await page.waitForURL(`${phone.baseUrl}/`)
    await page.getByText('陪孩子在玩中学英语').first().waitFor()
    await phone.context.close()
  })

  it('the 404 page leads home in a browser', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    const response = await page.goto(`${phone.baseUrl}/share_course?id=3`)
    expect(response?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('页面不存在')
    await page.getByText('您访问的页面不存在或已被移除').waitFor()
    await phone.shot('dead-ends-404-browser')
    await expectAccessible(phone.page, 'dead-ends-404-browser')
    await page.getByRole('button', { name: '返回首页' }).click()
    await page.waitForURL(`${phone.baseUrl}/`)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('the 404 page in the app closes the WebView from the header when it is the first page', async () => {
    const phone = await openPhone('app')
    const response = await phone.page.goto(`${phone.baseUrl}/leaderboard`)
    expect(response?.status()).toBe(404)
    await phone.page.getByText('您访问的页面不存在或已被移除').waitFor()
    expect(await phone.page.getByRole('button', { name: '返回首页' }).count()).toBe(0)
    await phone.shot('dead-ends-404-app')
    await expectAccessible(phone.page, 'dead-ends-404-app')
    // Step: opened as the WebView's first page, the header's 返回 closes it.
    const page = await openInNewTab(phone, `${phone.baseUrl}/leaderboard`)
    await page.getByText('您访问的页面不存在或已被移除').waitFor()
    await page.getByRole('banner').getByRole('button', { name: '返回' }).click()
    const closes = () =>
      page.evaluate(() =>
        (window as unknown as { __fakeHost: { calls: { name: string }[] } }).__fakeHost.calls.filter((c) => c.name === 'closeWebview'),
      )
    await expect.poll(closes).toHaveLength(1)
    await phone.context.close()
  })
})

describe('phones as people set them (issue 39)', () => {
  it('starts a share at 200 % text with a tap on the middle of 开始欣赏, never on the download bar', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    // WeChat's largest font, set before the link was opened (support/text-size.ts).
    await textSizeFromStart(page, 200)
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    const start = page.getByRole('button', { name: "开始欣赏《Mimi's Sunny Day》" })
    await start.waitFor()
    await page.waitForFunction(() => (window as unknown as { __kidsStarted?: boolean }).__kidsStarted === true)
    // Step: a finger on the button's middle, where the reader sees it (no scrolling to it first). The box
    // of the one on screen (the cover drawn before the viewer may be handing over to the viewer's).
    let box: Awaited<ReturnType<typeof start.boundingBox>> = null
    await expect.poll(async () => (box = await start.boundingBox()) !== null).toBe(true)
    box = box!
    expect(box.y + box.height, 'the start button on screen').toBeLessThanOrEqual(844)
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
    // Step: the book opens on its first page; nothing tried to open the app.
    await page
      .getByRole('group', { name: /^1\/\d+$/ })
      .filter({ visible: true })
      .first()
      .waitFor()
    expect(page.url()).toBe(`${phone.baseUrl}/recorded_share?r=demo-book`)
    await phone.shot('dead-ends-share-started-200')
    await expectAccessible(page, 'share page at 200 % text, browser')
    await phone.context.close()
  })

  it.each([100, 200])(
    "shows the share cover's picture, title and start button together on a phone on its side, at %i percent text",
    async (size) => {
      const phone = await openPhone('browser')
      const { page } = phone
      await page.setViewportSize({ width: 844, height: 390 })
      await textSizeFromStart(page, size)
      await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
      await page.getByRole('button', { name: /^开始欣赏/ }).waitFor()
      await page.waitForFunction(() => (window as unknown as { __kidsStarted?: boolean }).__kidsStarted === true)
      const seen = await page.evaluate(() => {
        const cover = document.querySelector('[aria-label="封面"]')!
        const picture = cover.querySelector('img')!
        const title = cover.querySelector('h2')!
        const start = [...cover.querySelectorAll('button')].find((b) => b.textContent!.startsWith('开始欣赏'))!
        // Each whole on screen, and what shows at its corners and middle is itself (nothing drawn over it).
        const shown = (el: Element) => {
          const r = el.getBoundingClientRect()
          const inset = 3
          const points = [
            [r.left + inset, r.top + inset],
            [r.right - inset, r.top + inset],
            [r.left + inset, r.bottom - inset],
            [r.right - inset, r.bottom - inset],
            [r.left + r.width / 2, r.top + r.height / 2],
          ]
          const covered = points.filter(([x, y]) => {
            const hit = document.elementFromPoint(x!, y!)
            return !hit || !(hit === el || el.contains(hit) || hit.contains(el))
          })
          return {
            height: Math.round(r.height),
            onScreen: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth,
            covered: covered.length,
          }
        }
        return { picture: shown(picture), title: shown(title), start: shown(start) }
      })
      expect(seen.picture.height, 'the picture, not a strip of it').toBeGreaterThanOrEqual(120)
      expect(seen).toEqual({
        picture: { height: seen.picture.height, onScreen: true, covered: 0 },
        title: { height: seen.title.height, onScreen: true, covered: 0 },
        start: { height: seen.start.height, onScreen: true, covered: 0 },
      })
      await phone.shot(`dead-ends-share-cover-on-its-side-${size}`)
      await expectAccessible(page, `share cover on its side at ${size} % text, browser`)
      await phone.context.close()
    },
  )

  it('breaks the download bar slogan between words, or not at all, at every width from 320 px, at 100 and 200 % text', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    const slogan = page.getByRole('complementary', { name: '小象英语' }).locator('[data-phrases]')
    await slogan.waitFor()
    // Where a line of it may start: after its comma, and at each of its words (docs/contracts/ui-text.md).
    const allowed = ['下载App，', '和孩子', '一起', '学英语']
    const seen = new Set<string>()
    for (const size of [100, 200]) {
      await setTextSize(page, size)
      // Every 6 px from 320 to 844 (12 px at 200 %): a line break moves with each character's width, about
      // 15 px here at the standard size and 30 px at 200 %, so no break position is missed.
      for (let width = 320; width <= 844; width += size === 100 ? 6 : 12) {
        await page.setViewportSize({ width, height: 844 })
        const lines = await slogan.evaluate((p) => {
          if (getComputedStyle(p).display === 'none') return [] // folded away: the bar shows its buttons only
          // Each character with the top of the line it is drawn on; a new line starts where the top moves down.
          const chars: { ch: string; top: number }[] = []
          const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT)
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const range = document.createRange()
            for (let i = 0; i < node.textContent!.length; i += 1) {
              range.setStart(node, i)
              range.setEnd(node, i + 1)
              chars.push({ ch: node.textContent![i]!, top: range.getBoundingClientRect().top })
            }
          }
          const out: string[] = []
          chars.forEach(({ ch, top }, i) => {
            if (i === 0 || top > chars[i - 1]!.top + 4) out.push(ch)
            else out[out.length - 1] += ch
          })
          return out
        })
        for (const line of lines) {
          seen.add(line)
          const ok = allowed.some((_, from) => allowed.some((__, to) => to >= from && allowed.slice(from, to + 1).join('') === line))
          expect(ok, `at ${width} px, ${size} %: the line "${line}" of ${JSON.stringify(lines)}`).toBe(true)
        }
      }
    }
    console.log(`[slogan] lines seen: ${[...seen].join(' | ')}`)
    await phone.context.close()
  })
})

describe('landscape and small phones', () => {
  it.each([
    [844, 390],
    [320, 568],
  ])('keeps the share viewer play button and counter on screen at %i×%i', async (width, height) => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.setViewportSize({ width, height })
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    await page.getByRole('button', { name: "开始欣赏《Mimi's Sunny Day》" }).click()
    const slide = page
      .getByRole('group', { name: /^\d+\/\d+$/ })
      .filter({ visible: true })
      .first()
    const play = slide.getByRole('button', { name: /播放|暂停/ })
    await play.waitFor()
    await page.waitForTimeout(500) // the slide transition
    for (const [what, box] of [
      ['play', await play.boundingBox()],
      ['counter', await slide.getByText(/^\d+\/\d+$/).boundingBox()],
    ] as const) {
      expect(box, what).not.toBeNull()
      expect(box!.x, what).toBeGreaterThanOrEqual(0)
      expect(box!.y, what).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width, what).toBeLessThanOrEqual(width)
      expect(box!.y + box!.height, `${what} below the fold`).toBeLessThanOrEqual(height)
    }
    // Step: nothing (the download bar) lies over the play button: a tap reaches it.
    const center = (await play.boundingBox())!
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label') ?? null,
      [center.x + center.width / 2, center.y + center.height / 2],
    )
    expect(hit).toMatch(/播放|暂停/)
    await phone.shot(`dead-ends-viewer-${width}x${height}`)
    await expectAccessible(phone.page, `dead-ends-viewer-${width}x${height}`)
    await phone.context.close()
  })
})
