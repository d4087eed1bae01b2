import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { demoLinks, demoLinkUrl, readPages } from '../../server/demo-links'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { closeBrowser, openPhone, type Fixture } from './support/browser'

// The build's pages, from their descriptors (pages/<route>/page.ts, in dist/pages-manifest.json).
const DIST = join(import.meta.dirname, '../../dist')
const LINKS = demoLinks(DIST)

// Every built route, as a visitor reaches it (clean URL, no trailing slash): each page by the link the
// bench opens it with, and each alias of a page.
const ROUTES = [
  ...LINKS.filter((link) => link.bench).map((link) => link.path),
  ...Object.values(readPages(DIST)).flatMap((page) => (page.aliases ?? []).map((alias) => `/${alias}`)),
]

afterAll(closeBrowser)

describe.each<Fixture>(['browser', 'app'])('every page in the %s fixture', (fixture) => {
  it('opens every route with content on screen and no uncaught error', async () => {
    const phone = await openPhone(fixture)
    for (const route of ROUTES) {
      // Step: open the route as a share link would.
      const response = await phone.page.goto(phone.baseUrl + route)
      expect(response?.status(), route).toBe(200)
      // Step: the page painted something (never a white screen).
      await phone.page.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0)
      const name = route.replace(/[/?=&]+/g, '_').replace(/^_|_$/g, '') || 'home'
      await phone.shot(`smoke-${fixture}-${name}`)
    }
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('answers an unknown route with 404', async () => {
    const phone = await openPhone(fixture)
    const response = await phone.page.goto(`${phone.baseUrl}/no_such_page`)
    expect(response?.status()).toBe(404)
    await phone.context.close()
  })
})

const FAILURE_TEXTS = ['加载失败', '获取数据失败', '网络错误', '请求失败', '出错了']

describe('the demo links npm start prints', () => {
  it('each opens its page with its data loaded, as printed', async () => {
    // Every page has one, and the proof of each is its page.ts's: what shows the data came from the API.
    expect(new Set(LINKS.map((link) => link.route))).toEqual(new Set(Object.keys(readPages(DIST))))
    const links = LINKS
    for (const fixture of ['browser', 'app'] as const) {
      const phone = await openPhone(fixture)
      for (const link of links.filter((l) => l.inApp === (fixture === 'app'))) {
        // Step: open the link exactly as the banner prints it.
        const response = await phone.page.goto(demoLinkUrl(phone.baseUrl, link))
        expect(response?.status(), link.path).toBe(200)
        // Step: the data from the API is on screen, and no failure view or toast is.
        const { proof } = link
        if (typeof proof === 'string') await phone.page.getByText(proof).first().waitFor({ timeout: 10_000 })
        else await expect.poll(() => phone.page.getByLabel(proof.field).inputValue(), { timeout: 10_000 }).toBe(proof.value)
        const text = await phone.page.locator('body').innerText()
        for (const failure of FAILURE_TEXTS) expect(text, `${link.path} shows ${failure}`).not.toContain(failure)
      }
      expect(phone.errors).toEqual([])
      await phone.context.close()
    }
  })
})

describe('the app fixture', () => {
  it('asks the host for the user on start', async () => {
    const phone = await openPhone('app')
    await phone.page.goto(`${phone.baseUrl}/space_upgrade`)
    await expect
      .poll(() => phone.calls('getUserInfo'))
      .toEqual([expect.objectContaining({ name: 'getUserInfo', payload: { sourceFrom: 'h5' } })])
    await phone.context.close()
  })
})

// What each route's HTML paints before any of its JavaScript has run (the prerendered frame, issue 7).
const FRAMES: [route: string, heading: string, text: string][] = [
  ['/', '小象英语', '陪孩子在玩中学英语'],
  ['/recorded_share?r=demo-book', '录音作品', '加载中'],
  ['/word_share?r=demo-words', '录音作品', '加载中'],
  // Account pages outside the app: the open-in-app screen (their app frame is swapped in inside the app).
  ['/space_upgrade', '空间扩容', '请在App内打开'],
  ['/expand_space', '新年空间扩容礼包', '领取扩容礼包'],
  ['/price_up', '价格调整通知', '会员价格调整通知'],
  [`/generate_book/list?id=${DEMO_FOLDERS.bedtime}`, '自制绘本列表', '请在App内打开'],
  ['/generate_book/create?parentId=1', '新建文件夹', '请在App内打开'],
  ['/vip_sale', '开通会员', '请在App内打开'],
  // `/generate_book/create?id=` has no frame of its own: its title differs and the page has an app frame.
]

describe('before any JavaScript file arrives', () => {
  it("paints every route's frame from its HTML: header, title and first content", async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    // Held, not failed: a failed script would rightly bring up the entry watchdog's error view. The API is
    // held too: once a reply is in, a data page draws its first screen without React (first-screen.test.ts).
    await page.route('**/assets/*.js', () => {})
    await page.route('**/v1/**', () => {})
    for (const [route, heading, text] of FRAMES) {
      await page.goto(phone.baseUrl + route, { waitUntil: 'commit' })
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.getByRole('heading', { level: 1 }).textContent(), route).toBe(heading)
      expect(await page.locator('#root').innerText(), route).toContain(text)
    }
    await phone.shot('smoke-frame-create-open-in-app')
    await phone.context.close()
  })
})

describe('the HTTP client', () => {
  it('is downloaded by the share page and the folder list only when they send a request their HTML did not start', async () => {
    const axiosChunk = /\/assets\/axios-client-[\w-]+\.js$/
    // Step: a stranger opens a share link; the reply the HTML asked for fills the cover.
    const visitor = await openPhone('browser')
    const seen: string[] = []
    visitor.page.on('request', (request) => seen.push(request.url()))
    await visitor.page.goto(`${visitor.baseUrl}/recorded_share?r=demo-book`)
    await visitor.page.getByRole('button', { name: "开始欣赏《Mimi's Sunny Day》" }).waitFor()
    expect(seen.filter((url) => axiosChunk.test(url))).toEqual([])
    await visitor.context.close()

    // Step: the folder list in the app shows its folder without the client…
    const owner = await openPhone('app')
    const loaded: string[] = []
    owner.page.on('request', (request) => loaded.push(request.url()))
    await owner.page.goto(`${owner.baseUrl}/generate_book/list?id=${DEMO_FOLDERS.collection}`)
    await owner.page.getByText('启蒙绘本 第一辑').waitFor()
    expect(loaded.filter((url) => axiosChunk.test(url))).toEqual([])
    // …and fetches it for its first request of its own (a reload when the WebView is shown again).
    const reload = owner.page.waitForResponse((response) => response.url().endsWith(`/v1/directory/${DEMO_FOLDERS.collection}`))
    await owner.sendHost('visibleChange', { result: true })
    expect((await reload).status()).toBe(200)
    expect(loaded.filter((url) => axiosChunk.test(url))).toHaveLength(1)
    expect(owner.errors).toEqual([])
    await owner.context.close()
  })
})
