/**
 * A share opened again (issue 18): its HTML keeps the share's reply, so the next open draws the work at
 * once from it, before the API answers or when it cannot, and then shows what the API says if it
 * differs (a share deleted since: the not-found view). In both fixtures: a phone browser re-opening a
 * chat link, and the app re-opening its WebView.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { expectAccessible } from './support/axe'
import { closeBrowser, openPhone, type Fixture } from './support/browser'

afterAll(closeBrowser)

const SHARE = '/recorded_share?r=demo-book'
const START = "开始欣赏《Mimi's Sunny Day》"
const SHARE_API = '**/v1/share/uar?*'

const keptReplies = (phone: Awaited<ReturnType<typeof openPhone>>) =>
  phone.page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('kids-reply:')).length)

describe.each<Fixture>(['browser', 'app'])('a share opened again in the %s fixture', (fixture) => {
  it('draws the work at once from the last open while the API has not answered', async () => {
    const phone = await openPhone(fixture)
    const { page, baseUrl } = phone
    // Step: the first open: the cover with its start button, once the API has answered.
    await page.goto(baseUrl + SHARE)
    await page.getByRole('button', { name: START }).waitFor()
    expect(await keptReplies(phone)).toBe(1)
    // Step: the API no longer answers (a tunnel): the second open still shows the work, and asked again.
    let asked = 0
    await page.route(SHARE_API, () => void (asked += 1))
    await page.goto(baseUrl + SHARE)
    await page.getByRole('button', { name: START }).waitFor({ timeout: 5000 })
    await expect.poll(() => page.locator('img[src$="/media/book/cover.svg"]').first().isVisible()).toBe(true)
    expect(await page.getByRole('status', { name: '加载中' }).count()).toBe(0)
    expect(asked).toBe(1)
    expect(phone.errors).toEqual([])
    await expectAccessible(page, `share-reopen-${fixture}-kept-cover`)
    await phone.shot(`share-reopen-no-answer-${fixture}`)
    await phone.context.close()
  })

  it('shows the not-found view when the share was deleted since, and keeps it no longer', async () => {
    const phone = await openPhone(fixture)
    const { page, baseUrl } = phone
    // Step: the first open keeps the share.
    await page.goto(baseUrl + SHARE)
    await page.getByRole('button', { name: START }).waitFor()
    // Step: the share is deleted: the API answers the second open with its real 404.
    await page.route(SHARE_API, (route) => route.continue({ url: route.request().url().replace('r=demo-book', 'r=deleted-since') }))
    await page.goto(baseUrl + SHARE)
    // The server's message as the spec's toast (waited for first: it goes after 2 s), then the same words
    // in the view, which stays.
    await page.getByRole('alert').filter({ hasText: '分享内容不存在或已失效' }).waitFor()
    await page.getByText('分享内容不存在或已失效').and(page.locator(':not([role=alert])')).waitFor()
    expect(await page.getByRole('button', { name: START }).count()).toBe(0)
    expect(await keptReplies(phone)).toBe(0)
    await expectAccessible(page, `share-reopen-${fixture}-deleted`)
    await phone.shot(`share-reopen-deleted-${fixture}`)
    await phone.context.close()
  })
})
