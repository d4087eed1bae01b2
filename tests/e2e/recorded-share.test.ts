/**
 * The recorded-work share pages (/recorded_share, /word_share) against the reference server's demo
 * shares: load failures, sharing and the back button, a 1,000-word share, and the first paint. The
 * played-through journeys are in recorded-share-picture-book.test.ts and recorded-share-words.test.ts.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, openPhone, PHONE_UA, type Fixture } from './support/browser'
import { expectAccessible } from './support/axe'
import { BOOK_TITLE, counter, media, open, recordMedia, settle, slide, START_BOOK, swipeLeftTo } from './support/recorded-share'

afterAll(closeBrowser)

describe.each<Fixture>(['browser', 'app'])('load failures in the %s fixture', (fixture) => {
  // The download bar invites a browser visitor in on the error view too; the app has none.
  const bars = fixture === 'browser' ? 1 : 0

  it.each(['/recorded_share', '/word_share'])(
    'says the share does not exist, without a request, when r is missing on %s',
    async (route) => {
      const phone = await openPhone(fixture)
      const requests: string[] = []
      phone.page.on('request', (request) => {
        if (request.url().includes('/v1/share/')) requests.push(request.url())
      })
      await phone.page.goto(`${phone.baseUrl}${route}`)
      await expect.poll(() => phone.page.getByText('分享内容不存在或已失效').isVisible(), { timeout: 10_000 }).toBe(true)
      expect(await phone.page.getByRole('button', { name: '重试' }).count()).toBe(0) // no retry can help
      expect(await phone.page.getByRole('button', { name: '下载App' }).count()).toBe(bars)
      expect(requests).toEqual([])
      await phone.shot(`${route.slice(1).replace('_', '-')}-${fixture}-error-no-r`)
      await expectAccessible(phone.page, `${route.slice(1).replace('_', '-')}-${fixture}-error-no-r`)
      await phone.context.close()
    },
  )

  it.each(['/recorded_share', '/word_share'])(
    "says an unknown share does not exist, in the view and with the server's message, and offers one way on, on %s",
    async (route) => {
      const phone = await openPhone(fixture)
      await phone.page.goto(`${phone.baseUrl}${route}?r=no-such-share`)
      // The server's message as the toast of docs/spec/product-spec.md §8 (waited for first: it goes after 2 s),
      // and the same words in the view, which stays.
      await phone.page.getByRole('alert').filter({ hasText: '分享内容不存在或已失效' }).waitFor({ timeout: 10_000 })
      await phone.page.getByText('分享内容不存在或已失效').and(phone.page.locator(':not([role=alert])')).waitFor()
      // One 打开App in a browser (the download bar's), 返回 in the app.
      expect(await phone.page.getByRole('button', { name: '打开App' }).count()).toBe(bars)
      expect(await phone.page.getByRole('button', { name: '返回' }).count()).toBe(1 - bars)
      expect(await phone.page.getByRole('button', { name: '重试' }).count()).toBe(0)
      // The loading overlay has faded out (it is aria-hidden while it fades).
      await expect.poll(() => phone.page.getByRole('status', { name: '加载中', includeHidden: true }).count()).toBe(0)
      expect(await phone.page.getByRole('button', { name: '下载App' }).count()).toBe(bars)
      await phone.shot(`${route.slice(1).replace('_', '-')}-${fixture}-error`)
      await expectAccessible(phone.page, `${route.slice(1).replace('_', '-')}-${fixture}-error`)
      await phone.context.close()
    },
  )

  it('recovers from a server error with 重试', async () => {
    const phone = await openPhone(fixture)
    const { page } = phone
    await page.route('**/v1/share/uar**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ result: 'ERROR', data: null, msg: '服务器开小差了' }),
      }),
    )
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('服务器开小差了')
    await page.unroute('**/v1/share/uar**')
    await page.getByRole('button', { name: '重试' }).click()
    await expect.poll(() => page.getByRole('button', { name: START_BOOK }).isVisible()).toBe(true)
    await phone.context.close()
  })
})

describe('sharing', () => {
  it('shows the share guide in WeChat, and the download bar', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.addInitScript((ua) => Object.defineProperty(navigator, 'userAgent', { get: () => `${ua} MicroMessenger/8.0.50` }), PHONE_UA)
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    await page.getByRole('button', { name: START_BOOK }).click()
    expect(await page.getByRole('button', { name: '下载App' }).isVisible()).toBe(true)
    await page.getByRole('button', { name: '分享' }).first().click()
    const mask = page.getByRole('dialog', { name: '分享引导' })
    await expect.poll(() => mask.isVisible()).toBe(true)
    await settle(page)
    await phone.shot('recorded-share-browser-mask')
    await expectAccessible(phone.page, 'recorded-share-browser-mask')
    await mask.click()
    await expect.poll(() => mask.isVisible()).toBe(false)
    await phone.context.close()
  })

  it('shares natively in the app, titled with the logged-in nickname', async () => {
    // The basic demo user (乐乐爸爸) opens 小米妈妈's share: the title uses the logged-in nickname.
    // Opened as the app opens it, with its back bar; the link shared to WeChat must not carry that.
    const phone = await open('app', '/recorded_share?r=demo-book&isNeedBackWeb=1', { token: 'demo-basic-token', isVip: false })
    const { page } = phone
    // The frame is left out for a link with isNeedBackWeb (its header has no back): the header comes with
    // the cover, drawn once the share's reply is in, which may be after the load event.
    await page.getByRole('button', { name: '返回' }).waitFor()
    await page.getByRole('button', { name: START_BOOK }).click()
    expect(await page.getByRole('button', { name: '下载App' }).count()).toBe(0)
    await expect.poll(() => phone.calls('getUserInfo').then((c) => c.length)).toBe(1)
    // The host answers getUserInfo a moment later: wait until its userInfo has reached the page.
    await page.waitForFunction(() =>
      (window as unknown as { __fakeHost: { messages: { type: string }[] } }).__fakeHost.messages.some((m) => m.type === 'userInfo'),
    )
    await page.getByRole('button', { name: '分享' }).first().click()
    await expect.poll(() => phone.calls('shareUrl').then((c) => c.length)).toBe(1)
    const [call] = await phone.calls('shareUrl')
    expect(call?.payload).toMatchObject({
      title: `乐乐爸爸的录音作品《${BOOK_TITLE}》`,
      url: `${phone.baseUrl}/recorded_share?r=demo-book`,
      // The demo cover is an SVG, which a share card cannot draw: the pages' PNG instead.
      thumbnail: `${phone.baseUrl}/share-cover.png`,
    })
    expect(await page.getByRole('dialog', { name: '分享引导' }).count()).toBe(0)
    await settle(page)
    await phone.shot('recorded-share-app-native-share')
    await expectAccessible(phone.page, 'recorded-share-app-native-share')
    await phone.context.close()
  })

  it('closes the WebView on the native back button when the share is the first page', async () => {
    const phone = await openPhone('app')
    const { page } = phone
    // Replacing the blank first page: the share is the only entry of the history, as in a new WebView.
    await page.evaluate((url) => location.replace(url), `${phone.baseUrl}/recorded_share?r=demo-book`)
    await page.getByRole('button', { name: START_BOOK }).waitFor()
    expect(await page.evaluate(() => history.length)).toBe(1)
    await phone.sendHost('backClick')
    await expect.poll(() => phone.calls('closeWebview').then((c) => c.length)).toBe(1)
    await phone.shot('recorded-share-app-back-closed')
    await expectAccessible(phone.page, 'recorded-share-app-back-closed')
    await phone.context.close()
  })

  it('goes back on the native back button when there is a page to go back to', async () => {
    const phone = await openPhone('app')
    const { page } = phone
    await page.goto(`${phone.baseUrl}/`)
    await page.goto(`${phone.baseUrl}/word_share?r=demo-words`)
    await page.getByRole('button', { name: '开始欣赏《看图学单词》' }).waitFor()
    await phone.sendHost('backClick')
    await page.waitForURL(`${phone.baseUrl}/`)
    await phone.context.close()
  })
})

describe('a 1,000-word share', () => {
  it('keeps only the slides near the one on screen and turns pages promptly', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await phone.context.addInitScript(() => {
      const w = window as unknown as { __longest: number }
      w.__longest = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    // The reference server has no share this big: this one answer is generated here.
    const words = Array.from({ length: 1000 }, (_, i) => ({
      id: i + 1,
      wordEn: `word${i + 1}`,
      wordCn: `单词${i + 1}`,
      ukPronunciation: '/wɜːd/',
      usPronunciation: '/wɝːd/',
      ukMediaUrl: '/media/words/apple-uk.mp3',
      usMediaUrl: '/media/words/apple-us.mp3',
      imageUrl: '/media/words/apple.svg',
      audioRecord: { mediaUrl: '/media/words/apple-rec.mp3', suggestedScore: i % 100 },
    }))
    await page.route('**/v1/share/uar**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ result: 'SUCCESS', msg: '', data: { title: '千词', words } }),
      }),
    )
    await page.goto(`${phone.baseUrl}/word_share?r=big`)
    await page.getByRole('button', { name: '开始欣赏《千词》' }).click()
    await expect.poll(() => slide(page).getAttribute('aria-label')).toBe('1/1000')
    // 自动翻页 off: on a busy machine three swipes may take longer than a word's clips and the 500 ms
    // pause, and the player would turn a page of its own between two of them.
    await page.getByRole('checkbox', { name: '自动翻页' }).uncheck()
    await swipeLeftTo(page, '4/1000')
    const stats = await page.evaluate(() => ({
      nodes: document.getElementsByTagName('*').length,
      images: document.querySelectorAll('.swiper img').length,
      longest: (window as unknown as { __longest: number }).__longest,
    }))
    console.log(
      `[recorded-share] 1,000 words: ${stats.nodes} elements, ${stats.images} slide images, longest task ${Math.round(stats.longest)} ms`,
    )
    expect(stats.images).toBeLessThanOrEqual(3) // the slide on screen and its two neighbours
    // Before the slides' layers were limited to the drawn ones, a page turn here took over a second: the
    // cause is asserted (few elements, three slide images); the time is the bench's to measure (`npm run
    // bench`, the 1,000-slide share), not a test's: on a loaded machine it says more of the machine.
    expect(stats.nodes).toBeLessThan(2500)
    await phone.context.close()
  })
})

describe.each<Fixture>(['browser', 'app'])('before any JavaScript file arrives, in the %s fixture', (fixture) => {
  it('paints the header, the loading state and, in a browser only, the download bar while the share is on its way', async () => {
    const phone = await openPhone(fixture)
    const { page } = phone
    // Held, not failed: a failed script would rightly bring up the entry watchdog's error view. The share
    // is held too: once it is in, the head script draws the cover without React (tests/e2e/first-screen.test.ts).
    await page.route('**/assets/*.js', () => {})
    await page.route('**/v1/share/**', () => {})
    for (const path of ['/recorded_share?r=demo-book', '/word_share?r=demo-words']) {
      await page.goto(phone.baseUrl + path, { waitUntil: 'commit' })
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe('录音作品')
      expect(await page.getByRole('status', { name: '加载中' }).count(), path).toBe(1)
      expect(await page.getByRole('button', { name: '下载App' }).count(), path).toBe(fixture === 'browser' ? 1 : 0)
    }
    await phone.shot(`recorded-share-${fixture}-frame`)
    await expectAccessible(phone.page, `recorded-share-${fixture}-frame`)
    await phone.context.close()
  })
})

/**
 * Holds the viewer chunk (Swiper, player, slides) back until `release()`; `asked` lists its requests.
 */
async function holdViewerChunk(page: Page): Promise<{ asked: string[]; release: () => void }> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const asked: string[] = []
  await page.route(/recorded-work-viewer-[\w-]+\.js$/, async (route) => {
    asked.push(route.request().url())
    await held
    await route.continue()
  })
  return { asked, release }
}

describe('first paint', () => {
  it('draws the cover before the viewer chunk, plays a start tapped meanwhile, and keeps the picture', async () => {
    const phone = await openPhone('browser')
    await phone.context.addInitScript(recordMedia)
    const { page } = phone
    // Step: hold the viewer chunk (Swiper, player, slides) back until the test lets it through.
    const { asked: viewerAsked, release } = await holdViewerChunk(page)
    const coverFetches: string[] = []
    page.on('request', (r) => {
      if (r.url().endsWith('/media/book/cover.svg')) coverFetches.push(r.resourceType())
    })
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    // Step: the whole cover is there without the viewer: picture, title, tags, sentences with stars, start.
    await expect.poll(() => page.getByRole('button', { name: START_BOOK }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: BOOK_TITLE }).isVisible()).toBe(true)
    expect(await slide(page).getByRole('list', { name: '标签' }).isVisible()).toBe(true)
    expect(await slide(page).getByRole('img', { name: '3星' }).count()).toBeGreaterThan(0)
    const picture = slide(page).locator('img').first()
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await page.locator('.swiper').count()).toBe(0)
    await phone.shot('recorded-share-browser-cover-before-viewer')
    // Step: the picture is in, so the viewer is on its way; a tap on start waits for it, the cover does not.
    await expect.poll(() => viewerAsked.length).toBe(1)
    await page.getByRole('button', { name: START_BOOK }).click()
    expect(await page.getByRole('heading', { name: BOOK_TITLE }).isVisible()).toBe(true)
    // Step: the viewer arrives and plays page 1, from the same cached picture.
    release()
    await expect.poll(() => counter(page, '1/7').isVisible()).toBe(true)
    await expect.poll(async () => (await media(page)).currentTime, { timeout: 5000 }).toBeGreaterThan(0.2)
    expect(coverFetches.length).toBe(1)
    await phone.context.close()
  })

  it('keeps a tap on 开始欣赏 whose finger is down while the viewer arrives, in the app', async () => {
    const phone = await openPhone('app', { token: 'demo-basic-token', isVip: false })
    await phone.context.addInitScript(recordMedia)
    const { page } = phone
    const { release } = await holdViewerChunk(page)
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    const start = page.getByRole('button', { name: START_BOOK })
    await start.waitFor()
    // React's cover, not the one the HTML drew before it (a finger on that one holds React back: first-screen.test.ts).
    await page.waitForFunction(() => {
      const w = window as unknown as { __kidsStarted?: boolean; __kidsFirstScreen?: { live: boolean } }
      return w.__kidsStarted === true && !w.__kidsFirstScreen?.live
    })
    const box = await start.boundingBox()
    if (!box) throw new Error('no start button on screen')
    // Step: the finger goes down on the cover's button, and the viewer arrives under it.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    release()
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('recorded-work-viewer')))
    await page.waitForTimeout(400) // past the 150 ms the viewer waits after the picture, and then some
    expect(await page.locator('.swiper').count()).toBe(0) // still the cover the finger is on
    // Step: the finger lifts: the tap counts, and page 1 plays.
    await page.mouse.up()
    await expect.poll(() => counter(page, '1/7').isVisible()).toBe(true)
    await expect.poll(async () => (await media(page)).currentTime, { timeout: 5000 }).toBeGreaterThan(0.2)
    await phone.context.close()
  })

  it('paints the cover of the picture book quickly', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.goto(`${phone.baseUrl}/recorded_share?r=demo-book`)
    await page.getByRole('button', { name: START_BOOK }).waitFor()
    const times = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      cover: performance.now(),
    }))
    console.log(`[recorded-share] first contentful paint ${Math.round(times.fcp)} ms, cover ready by ${Math.round(times.cover)} ms`)
    expect(times.fcp).toBeGreaterThan(0)
    expect(times.fcp).toBeLessThan(3000)
    await phone.context.close()
  })
})
