import { afterAll, describe, expect, it } from 'vitest'
import { BRAND } from '../../shared/config/brand'
import { closeBrowser, openPhone, type Fixture } from './support/browser'
import { expectAccessible } from './support/axe'

afterAll(closeBrowser)

const FEATURES = ['单词卡片游戏', '拼写挑战', '听力填空', '个性化学习计划', 'AI发音反馈']

describe.each<Fixture>(['browser', 'app'])('the brand page in the %s fixture', (fixture) => {
  it('introduces the product with its pictures and legal lines, loading only its own variant', async () => {
    const phone = await openPhone(fixture)
    const { page } = phone
    const scripts: string[] = []
    const apiCalls: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
      if (new URL(r.url()).pathname.startsWith('/v1/')) apiCalls.push(r.url())
    })
    await page.goto(`${phone.baseUrl}/`)

    // Step: the five features, each with a picture that loaded.
    const features = page.getByRole('region', { name: '孩子在这里学什么' })
    await features.waitFor()
    expect(await features.getByRole('heading', { level: 3 }).allTextContents()).toEqual(FEATURES)
    const widths = () => features.locator('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))
    expect(await widths()).toHaveLength(5)
    // Waited for as they come: on a loaded machine a picture may still be on its way when the text shows.
    await expect.poll(async () => (await widths()).every((width) => width > 0)).toBe(true)
    await phone.shot(`brand-${fixture}-top`)
    await expectAccessible(phone.page, `brand-${fixture}-top`)

    // Step: the variant matches the setting and its chunk is the only one loaded.
    const variant = fixture === 'app' ? 'in-app-brand-page' : 'browser-brand-page'
    const other = fixture === 'app' ? 'browser-brand-page' : 'in-app-brand-page'
    expect(scripts.some((url) => url.includes(variant))).toBe(true)
    expect(scripts.some((url) => url.includes(other))).toBe(false)
    expect(await page.getByRole('button', { name: '下载App' }).count()).toBe(fixture === 'app' ? 0 : 1)

    // Step: the page ends with the copyright and the filing number.
    await page.getByText(BRAND.filingNumber).scrollIntoViewIfNeeded()
    await page.getByText(BRAND.copyright).waitFor()
    await phone.shot(`brand-${fixture}-footer`)
    await expectAccessible(phone.page, `brand-${fixture}-footer`)

    if (fixture === 'app') {
      // Step: share goes to the host's share sheet.
      await page.getByRole('button', { name: '分享' }).click()
      await expect
        .poll(() => phone.calls('shareUrl'))
        .toEqual([expect.objectContaining({ payload: expect.objectContaining({ url: `${phone.baseUrl}/` }) })])
    }
    expect(apiCalls).toEqual([]) // an introduction needs no API
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('keeps its prerendered frame on screen while its variant loads', async () => {
    const phone = await openPhone(fixture)
    const { page } = phone
    const variant = fixture === 'app' ? 'in-app-brand-page' : 'browser-brand-page'
    let release: (() => void) | undefined
    const held = new Promise<void>((resolve) => {
      void page.route(`**/assets/${variant}-*.js`, (route) => {
        release = () => void route.continue()
        resolve()
      })
    })
    await page.goto(`${phone.baseUrl}/`)
    await held
    // Step: the main bundle has run, the variant is still on its way: the frame is what shows.
    await page.waitForFunction(() => document.readyState === 'complete')
    await page.waitForTimeout(300)
    expect(await page.getByRole('heading', { level: 1, name: BRAND.appName }).isVisible()).toBe(true)
    expect(await page.getByRole('region', { name: '孩子在这里学什么' }).isVisible()).toBe(true)
    await phone.shot(`brand-${fixture}-variant-loading`)
    await expectAccessible(phone.page, `brand-${fixture}-variant-loading`)
    // Step: the variant arrives and takes over the same screen.
    const arrived = page.waitForResponse((response) => response.url().includes(`/assets/${variant}-`))
    release?.()
    await arrived
    if (fixture === 'app') {
      // The frame's share button is inert HTML until React commits, so tap until the host hears it.
      const share = page.getByRole('button', { name: '分享' })
      await expect.poll(async () => (await share.click(), (await phone.calls('shareUrl')).length)).toBeGreaterThan(0)
    }
    await page.getByText(BRAND.filingNumber).waitFor()
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('serves the same page at /wechat, /app and /about_app', async () => {
    const phone = await openPhone(fixture)
    for (const path of ['/wechat', '/app', '/about_app']) {
      await phone.page.goto(phone.baseUrl + path)
      await phone.page.getByText(BRAND.filingNumber).waitFor()
    }
    await phone.context.close()
  })
})
