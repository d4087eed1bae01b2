import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { closeBrowser, openPhone, type PhonePage } from './support/browser'

afterAll(closeBrowser)

/** Waits until no finite CSS animation is running, so a screenshot shows the settled state. */
async function settle(phone: PhonePage): Promise<void> {
  await phone.page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
}

interface VipInfo {
  isVip: boolean
  isPermanentVip: boolean
  expireTime: string | null
}
interface VipGoods {
  id: number
  name: string
}

/** What the API says for `path` with `token`, to compare the page against. */
async function api<T>(phone: PhonePage, path: string, token: string): Promise<T> {
  const reply = await phone.context.request.get(phone.baseUrl + path, { headers: { Authorization: `Bearer ${token}` } })
  return ((await reply.json()) as { data: T }).data
}

const status = (phone: PhonePage) => phone.page.getByRole('region', { name: '会员状态' })
const plans = (phone: PhonePage) => phone.page.getByRole('radiogroup', { name: '会员方案' })

describe('/vip_sale in the app fixture', () => {
  it('buys a membership from the price notice: 查看会员方案, a plan, 立即开通, and the card shows it', async () => {
    // The trial user is no member and nobody else buys for them (server/seed/demo.ts).
    const token = DEMO_TOKENS.trial
    const phone = await openPhone('app', { token, isVip: false })
    const { page } = phone
    const goods = await api<VipGoods[]>(phone, '/v1/goods/vips', token)
    const yearly = goods[1]!

    // Step: the price notice's banner opens the membership sale.
    await page.goto(`${phone.baseUrl}/price_up`)
    await page.getByRole('button', { name: '查看会员方案' }).click()
    await page.waitForURL(`${phone.baseUrl}/vip_sale`)
    await status(phone).getByText('您还不是会员').waitFor()
    await expect.poll(() => plans(phone).getByRole('radio').count()).toBe(goods.length)
    expect(await page.getByRole('radio', { name: goods[0]!.name }).isChecked()).toBe(true)
    await settle(phone)
    await phone.shot('vip-sale-app-not-member')

    // Step: choose the yearly plan and buy it.
    await page.getByRole('radio', { name: yearly.name }).click()
    expect(await page.getByRole('radio', { name: yearly.name }).isChecked()).toBe(true)
    await phone.shot('vip-sale-app-yearly-selected')
    await page.getByRole('button', { name: '立即开通' }).click()
    await expect.poll(() => phone.calls('buyGoods')).toEqual([expect.objectContaining({ payload: { goodsId: yearly.id } })])

    // Step: the fake host's store makes the user a member and shows the page again: the card says until when.
    await page.getByRole('alert').filter({ hasText: '开通成功' }).waitFor()
    const info = await api<VipInfo>(phone, '/v1/user/vipInfo', token)
    expect(info.isVip).toBe(true)
    await status(phone)
      .getByText(`会员有效期至 ${info.expireTime!.slice(0, 10)}`)
      .waitFor()
    await page.getByRole('button', { name: '立即续费' }).waitFor()
    await settle(phone)
    await phone.shot('vip-sale-app-bought')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shows a member the end date and 立即续费, with no 您还不是会员 while it loads', async () => {
    const token = DEMO_TOKENS.vip
    const phone = await openPhone('app', { token, isVip: true })
    const { page } = phone
    const info = await api<VipInfo>(phone, '/v1/user/vipInfo', token)
    // Hold vipInfo so the first paint, from the user-agent flags, can be read.
    let release: (() => void) | undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/v1/user/vipInfo', async (route) => {
      await held
      await route.continue()
    })

    // Step: before vipInfo answers, the card already reads as a member's.
    await page.goto(`${phone.baseUrl}/vip_sale`)
    await status(phone).getByText('会员有效期至').waitFor()
    expect(await page.getByText('您还不是会员').count()).toBe(0)
    await phone.shot('vip-sale-app-member-loading')

    // Step: the answer fills in the date and offers renewal.
    release!()
    await status(phone)
      .getByText(`会员有效期至 ${info.expireTime!.slice(0, 10)}`)
      .waitFor()
    await page.getByRole('button', { name: '立即续费' }).waitFor()
    expect(await page.getByRole('button', { name: '立即开通' }).count()).toBe(0)
    await settle(phone)
    await phone.shot('vip-sale-app-member')
    // Step: the benefits are listed below the plans.
    await page.getByRole('heading', { name: '会员权益' }).scrollIntoViewIfNeeded()
    expect(await page.getByRole('region', { name: '会员权益' }).getByRole('listitem').count()).toBe(5)
    await phone.shot('vip-sale-app-member-benefits')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shows a permanent member no buy button, from the requests its HTML started', async () => {
    const phone = await openPhone('app', { token: DEMO_TOKENS.permanent, isVip: true, isPermanentVip: true })
    const { page } = phone
    const seen: string[] = []
    page.on('request', (request) => seen.push(new URL(request.url()).pathname))
    await page.goto(`${phone.baseUrl}/vip_sale`)
    await status(phone).getByText('您已是永久会员').waitFor()
    await page.getByRole('heading', { name: '会员权益' }).waitFor()
    // Step: once the API has answered, still no plans to choose and no buy button.
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('button', { name: /立即/ }).count()).toBe(0)
    expect(await page.getByRole('radiogroup').count()).toBe(0)
    // Step: the plans and the membership were asked once each, by the HTML's inline script, so the
    // HTTP client (axios) was never downloaded.
    expect(seen.filter((path) => path.startsWith('/v1/'))).toEqual(['/v1/goods/vips', '/v1/user/vipInfo'])
    expect(seen.filter((path) => /\/assets\/axios-client-[\w-]+\.js$/.test(path))).toEqual([])
    await settle(phone)
    await phone.shot('vip-sale-app-permanent')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shows the error and loads again on 重试', async () => {
    const phone = await openPhone('app', { token: DEMO_TOKENS.basic, isVip: false })
    const { page } = phone
    // Step: the plans fail once with a server message.
    let failures = 1
    await page.route('**/v1/goods/vips', async (route) => {
      if (failures-- > 0) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ result: 'ERROR', data: null, msg: '服务器开小差了' }),
        })
      } else await route.continue()
    })
    await page.goto(`${phone.baseUrl}/vip_sale`)
    await page.getByText('服务器开小差了').waitFor()
    expect(await page.getByRole('button', { name: /立即/ }).count()).toBe(0)
    await settle(phone)
    await phone.shot('vip-sale-app-error')

    // Step: 重试 loads the plans and the membership.
    await page.getByRole('button', { name: '重试' }).click()
    await plans(phone).waitFor()
    await status(phone).getByText('您还不是会员').waitFor()
    await page.getByRole('button', { name: '立即开通' }).waitFor()
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

describe('/vip_sale in the browser fixture', () => {
  it('shows the open-in-app screen, decided before any request: no 401, no 重试', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    // An earlier visit in the app left its token in localStorage: still nothing to buy in a browser.
    await page.addInitScript((token) => localStorage.setItem('token', token), DEMO_TOKENS.vip)
    const api: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/')) api.push(request.url())
    })
    // Step: open the sale page as a shared link would.
    await page.goto(`${phone.baseUrl}/vip_sale`)
    await page.getByRole('heading', { name: '请在App内打开' }).waitFor()
    await page.waitForLoadState('networkidle')
    // Step: the header keeps the title; only 打开App and 下载App, nothing of the sale.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('开通会员')
    expect(await page.getByRole('main').getByRole('button').allTextContents()).toEqual(['打开App', '下载App'])
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0)
    expect(await page.getByRole('radiogroup').count()).toBe(0)
    expect(await page.getByText('您还不是会员').count()).toBe(0)
    expect(api).toEqual([])
    await settle(phone)
    await phone.shot('vip-sale-browser-open-in-app')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})
