/**
 * Open in the app (issue 15): an account page outside the app is the open-in-app screen, decided
 * before any request; `打开App` tries the app's URL scheme and falls back to the download page; in
 * WeChat it shows the open-in-browser guide instead.
 */
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { routeFolder } from '../../scripts/build/routes'
import { demoLinks, readPages } from '../../server/demo-links'
import type { PageDescriptor } from '../../shared/app/define-page'
import { BRAND } from '../../shared/config/brand'
import { closeBrowser, openPhone, PHONE_UA, type PhonePage } from './support/browser'
import { expectAccessible } from './support/axe'

afterAll(closeBrowser)

const ROOT = resolve(import.meta.dirname, '../..')
const DIST = join(ROOT, 'dist')

const WECHAT_UA = `${PHONE_UA} MicroMessenger/8.0.50.2701 NetType/WIFI Language/zh_CN`

/** The download page is outside this machine: answer it here so no request leaves. */
async function answerDownloadPage(phone: PhonePage): Promise<void> {
  await phone.page.route(`${BRAND.downloadUrl}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<title>download</title><h1>下载</h1>' }),
  )
}

/**
 * Every page whose descriptor says `signedIn`, as its demo links open it (from the build's manifest), with
 * the title its descriptor gives that address (`titleFor`: 编辑文件夹 for `?id=`). A new account page is
 * checked without a line here.
 */
const ACCOUNT_PAGES: [path: string, title: string][] = await Promise.all(
  demoLinks(DIST)
    .filter((link) => (readPages(DIST)[link.route] as { signedIn?: boolean } | undefined)?.signedIn)
    .map(async (link): Promise<[string, string]> => {
      const { default: page } = (await import(join(ROOT, 'pages', routeFolder(link.route.slice(1)), 'page.ts'))) as {
        default: PageDescriptor
      }
      return [link.path, page.titleOf(page.parse(link.path.slice(link.path.indexOf('?') + 1 || link.path.length)))]
    }),
)

describe('an account page outside the app', () => {
  it('shows the open-in-app screen and sends no API request, even with a token saved in the app', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    // An earlier visit in the app left its token in localStorage (docs/contracts/user-agent.md): still no signed-in page here.
    await page.addInitScript(() => localStorage.setItem('token', 'demo-vip-token'))
    const api: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/')) api.push(request.url())
    })
    for (const [path, title] of ACCOUNT_PAGES) {
      // Step: open the page as a shared link would.
      await page.goto(phone.baseUrl + path)
      await page.getByRole('heading', { name: '请在App内打开' }).waitFor()
      await page.waitForLoadState('networkidle')
      // Step: the header keeps the page's title; the screen offers only 打开App and 下载App.
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe(title)
      expect(await page.getByText('登录App后即可查看和管理').isVisible()).toBe(true)
      expect(await page.getByRole('main').getByRole('button').allTextContents(), path).toEqual(['打开App', '下载App'])
      expect(await page.getByRole('textbox').count(), path).toBe(0)
      expect(await page.getByRole('button', { name: '重试' }).count(), path).toBe(0)
      const name = path.replace(/[/?=&]+/g, '_').replace(/^_|_$/g, '')
      await phone.shot(`open-in-app-screen-${name}`)
      await expectAccessible(page, `open-in-app-screen-${name}`)
    }
    expect(api).toEqual([])
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('sends 打开App to the app, then to the download page when the page stays visible', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await answerDownloadPage(phone)
    await page.goto(`${phone.baseUrl}/space_upgrade`)
    const tried: string[] = []
    page.on('request', (request) => request.url().startsWith(BRAND.appScheme) && tried.push(request.url()))
    const started = Date.now()
    const download = page.waitForRequest((request) => request.url().startsWith(BRAND.downloadUrl), { timeout: 10_000 })
    await page.getByRole('button', { name: '打开App' }).click()
    // Step: the app's scheme is tried with this page's URL (a browser without the app refuses it)…
    await expect.poll(() => tried).toEqual([`${BRAND.appScheme}open?url=${encodeURIComponent(`${phone.baseUrl}/space_upgrade`)}`])
    // …and as no app took over, after 2500 ms the download page opens.
    await download
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400)
    await page.waitForURL(`${BRAND.downloadUrl}**`)
    await page.getByRole('heading', { name: '下载' }).waitFor()
    await phone.context.close()
  })

  it('下载App opens the download page at once', async () => {
    const phone = await openPhone('browser')
    await answerDownloadPage(phone)
    await phone.page.goto(`${phone.baseUrl}/generate_book/list`)
    await phone.page.getByRole('button', { name: '下载App' }).click()
    await phone.page.waitForURL(`${BRAND.downloadUrl}**`, { timeout: 5_000 })
    await phone.context.close()
  })

  it('in WeChat shows the guide to open the page in the browser instead of trying the app', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.addInitScript((ua) => Object.defineProperty(navigator, 'userAgent', { get: () => ua }), WECHAT_UA)
    await page.goto(`${phone.baseUrl}/space_upgrade`)
    await page.getByRole('button', { name: '打开App' }).click()
    const guide = page.getByRole('dialog', { name: '分享引导' })
    await guide.waitFor()
    expect(await guide.textContent()).toContain('在浏览器打开')
    await page.waitForTimeout(400) // the mask's entry animation
    await phone.shot('open-in-app-wechat-guide')
    await expectAccessible(page, 'open-in-app-wechat-guide')
    // Step: no fallback: the page stays where it is after the app's time-out.
    await page.waitForTimeout(2700)
    expect(new URL(page.url()).pathname).toBe('/space_upgrade')
    await guide.click()
    await guide.waitFor({ state: 'detached' })
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

describe('an account page in the app', () => {
  it('is the page itself, not the open-in-app screen', async () => {
    const phone = await openPhone('app')
    for (const [path] of ACCOUNT_PAGES) {
      await phone.page.goto(phone.baseUrl + path)
      await phone.page.getByRole('heading', { level: 1 }).waitFor()
      await phone.page.waitForLoadState('networkidle')
      expect(await phone.page.getByText('请在App内打开').count(), path).toBe(0)
    }
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})
