import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getGoodsVips } from '@shared/api/get-goods-vips'
import { getVipInfo } from '@shared/api/get-vip-info'
import type { VipInfo } from '@shared/api/types'
import { getEnv } from '@shared/env'
import type * as Env from '@shared/env'
import type { ApiResult } from '@shared/http'
import { VipSalePage } from '../../../../pages/vip_sale/vip-sale-page'
import { installAndroidHost, removeHost, sendFromHost } from '../../bridge/fake-host'
import { clearOverlays } from '../../components/clear-overlays'
import { failed, ok, payloads } from '../support/api-results'
import type * as GetGoodsVipsModule from '@shared/api/get-goods-vips'
import type * as GetVipInfoModule from '@shared/api/get-vip-info'

// This file calls React's act() itself: React's act environment, as Testing Library sets it where test globals exist.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// A mocked sender that still describes its request (the page takes the HTML's early reply by it).
vi.mock('@shared/api/get-goods-vips', async (original) => {
  const { getGoodsVips: real } = await original<typeof GetGoodsVipsModule>()
  return { getGoodsVips: Object.assign(vi.fn(), { request: real.request }) }
})
vi.mock('@shared/api/get-vip-info', async (original) => {
  const { getVipInfo: real } = await original<typeof GetVipInfoModule>()
  return { getVipInfo: Object.assign(vi.fn(), { request: real.request }) }
})
vi.mock('@shared/env', async (original) => ({ ...(await original<typeof Env>()), getEnv: vi.fn() }))

const PLANS = [
  { id: 101, name: '月度会员', months: 1, money: 2800, originalMoney: 0, tag: '' },
  { id: 102, name: '年度会员', months: 12, money: 19_800, originalMoney: 33_600, tag: '推荐' },
  { id: 103, name: '永久会员', months: 0, money: 39_800, originalMoney: 0, tag: '' },
]
const NOT_MEMBER = { isVip: false, isPermanentVip: false, expireTime: null }
const MEMBER = { isVip: true, isPermanentVip: false, expireTime: '2027-11-23T23:59:59' }
const PERMANENT = { isVip: true, isPermanentVip: true, expireTime: null }

/** The user-agent flags the page reads first. */
function userAgentFlags(isVip: boolean, isPermanentVip = false) {
  vi.mocked(getEnv).mockReturnValue({ isVip, isPermanentVip } as ReturnType<typeof getEnv>)
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

let host: ReturnType<typeof installAndroidHost>
beforeEach(() => {
  vi.clearAllMocks()
  host = installAndroidHost('getUserInfo', 'buyGoods')
  userAgentFlags(false)
  vi.mocked(getGoodsVips).mockResolvedValue(ok(PLANS))
  vi.mocked(getVipInfo).mockResolvedValue(ok(NOT_MEMBER))
})

afterEach(async () => {
  await clearOverlays()
  removeHost()
})

const status = () => screen.getByRole('region', { name: '会员状态' })
/** The card's line as a reader reads it: the date is an element of its own (kept whole on one line). */
const statusLine = (text: string) => within(status()).findByText((_, el) => el?.tagName === 'P' && el.textContent === text)

describe('the status card', () => {
  it('tells a non-member so and offers 立即开通', async () => {
    render(<VipSalePage />)
    expect(await within(status()).findByText('您还不是会员')).toBeTruthy()
    expect(screen.getByRole('button', { name: '立即开通' })).toBeTruthy()
  })

  it('shows a member the end date and offers 立即续费', async () => {
    vi.mocked(getVipInfo).mockResolvedValue(ok(MEMBER))
    render(<VipSalePage />)
    expect(await statusLine('会员有效期至 2027-11-23')).toBeTruthy()
    expect(screen.getByRole('button', { name: '立即续费' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '立即开通' })).toBeNull()
  })

  it('shows a permanent member no plans and no buy button', async () => {
    vi.mocked(getVipInfo).mockResolvedValue(ok(PERMANENT))
    render(<VipSalePage />)
    expect(await within(status()).findByText('您已是永久会员')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /立即/ })).toBeNull()
    expect(screen.queryByRole('radiogroup')).toBeNull()
    expect(screen.getByRole('heading', { name: '会员权益' })).toBeTruthy()
  })

  it('never shows a member 您还不是会员 while loading: the user-agent guess comes first', () => {
    userAgentFlags(true)
    vi.mocked(getVipInfo).mockReturnValue(new Promise(() => {}))
    render(<VipSalePage />)
    expect(status().textContent).toContain('会员有效期至')
    expect(screen.queryByText('您还不是会员')).toBeNull()
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /立即/ })).toBeNull()
  })

  it('shows a permanent member the permanent status while loading', () => {
    userAgentFlags(true, true)
    vi.mocked(getVipInfo).mockReturnValue(new Promise(() => {}))
    render(<VipSalePage />)
    expect(within(status()).getByText('您已是永久会员')).toBeTruthy()
  })

  it('replaces the guess with the API answer', async () => {
    userAgentFlags(true)
    render(<VipSalePage />)
    expect(await within(status()).findByText('您还不是会员')).toBeTruthy()
  })
})

describe('the plans', () => {
  it('are radios in the group 会员方案 with price, struck-through original price and tag, the first selected', async () => {
    render(<VipSalePage />)
    const radios = await within(await screen.findByRole('radiogroup', { name: '会员方案' })).findAllByRole('radio')
    expect(radios.map((r) => r.getAttribute('aria-labelledby') && (r as HTMLInputElement).checked)).toEqual([true, false, false])
    expect(screen.getByRole('radio', { name: '月度会员' })).toBeTruthy()
    const yearly = screen.getByRole('radio', { name: '年度会员' })
    expect(yearly.getAttribute('aria-describedby')).toBeTruthy()
    const card = yearly.closest('label')!
    expect(within(card).getByText('¥198')).toBeTruthy()
    expect(within(card).getByText('¥336').closest('s')).toBeTruthy()
    expect(within(card).getAllByText('推荐').length).toBeGreaterThan(0)
    expect(within(screen.getByRole('radio', { name: '永久会员' }).closest('label')!).queryByText(/¥336/)).toBeNull()
  })

  it('buys the selected plan with buyGoods', async () => {
    const user = userEvent.setup()
    render(<VipSalePage />)
    await user.click(await screen.findByRole('radio', { name: '年度会员' }))
    expect((screen.getByRole('radio', { name: '年度会员' }) as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByRole('button', { name: '立即开通' }))
    expect(payloads(host.buyGoods!)).toEqual([{ goodsId: 102 }])
  })

  it('buys the first plan when nothing else was chosen', async () => {
    const user = userEvent.setup()
    render(<VipSalePage />)
    await user.click(await screen.findByRole('button', { name: '立即开通' }))
    expect(payloads(host.buyGoods!)).toEqual([{ goodsId: 101 }])
  })

  it('tells an app without the store call to update', async () => {
    removeHost()
    installAndroidHost('getUserInfo')
    const user = userEvent.setup()
    render(<VipSalePage />)
    await user.click(await screen.findByRole('button', { name: '立即开通' }))
    expect(screen.getByRole('alert').textContent).toBe('请升级App到最新版本')
  })

  it('lists the five benefits under 会员权益', async () => {
    render(<VipSalePage />)
    const benefits = within(screen.getByRole('region', { name: '会员权益' })).getAllByRole('listitem')
    expect(benefits.map((b) => b.textContent)).toEqual(['1单词卡片游戏', '2拼写挑战', '3听力填空', '4个性化学习计划', '5AI发音测评'])
    await screen.findByRole('radiogroup')
  })
})

describe('after a purchase', () => {
  it('asks vipInfo again when the app shows the page, shows the new membership and toasts 开通成功', async () => {
    const user = userEvent.setup()
    render(<VipSalePage />)
    await user.click(await screen.findByRole('button', { name: '立即开通' }))
    vi.mocked(getVipInfo).mockResolvedValue(ok(MEMBER))
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    expect(await statusLine('会员有效期至 2027-11-23')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('开通成功')
    expect(screen.getByRole('button', { name: '立即续费' })).toBeTruthy()
    expect(getGoodsVips).toHaveBeenCalledTimes(1)
  })

  it('toasts nothing when the membership did not change (the purchase was cancelled)', async () => {
    render(<VipSalePage />)
    await screen.findByRole('button', { name: '立即开通' })
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    await waitFor(() => expect(getVipInfo).toHaveBeenCalledTimes(2))
    await new Promise((r) => setTimeout(r, 20))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(within(status()).getByText('您还不是会员')).toBeTruthy()
  })

  it('does not ask again when the page is hidden', async () => {
    render(<VipSalePage />)
    await screen.findByRole('radiogroup')
    act(() => sendFromHost({ type: 'visibleChange', data: { result: false } }))
    expect(getVipInfo).toHaveBeenCalledTimes(1)
  })

  it('keeps the page and says so when asking again fails', async () => {
    render(<VipSalePage />)
    await screen.findByRole('radiogroup')
    vi.mocked(getVipInfo).mockResolvedValue(failed('网络错误，请检查您的网络连接'))
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    expect((await screen.findByRole('alert')).textContent).toBe('网络错误，请检查您的网络连接')
    expect(screen.getByRole('radiogroup')).toBeTruthy()
  })
})

describe('shown again from the back-forward cache', () => {
  const pageshow = (persisted: boolean) => act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted })))

  it('asks plans and membership again and shows them, keeping the chosen plan, with no toast', async () => {
    const user = userEvent.setup()
    render(<VipSalePage />)
    await user.click(await screen.findByRole('radio', { name: /年度会员/ }))
    pageshow(false)
    expect(getVipInfo).toHaveBeenCalledTimes(1)
    // Bought elsewhere while the page sat in the cache.
    vi.mocked(getVipInfo).mockResolvedValue(ok(MEMBER))
    pageshow(true)
    expect(await statusLine('会员有效期至 2027-11-23')).toBeTruthy()
    expect(getGoodsVips).toHaveBeenCalledTimes(2)
    expect((screen.getByRole('radio', { name: /年度会员/ }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('loads again from the error view', async () => {
    vi.mocked(getVipInfo).mockResolvedValueOnce(failed('服务繁忙，请稍后再试'))
    render(<VipSalePage />)
    await screen.findByText('服务繁忙，请稍后再试')
    pageshow(true)
    expect(await screen.findByRole('button', { name: '立即开通' })).toBeTruthy()
  })
})

describe('when loading fails', () => {
  it('shows the server message and 重试, which loads again', async () => {
    vi.mocked(getGoodsVips).mockResolvedValueOnce(failed('服务器开小差了'))
    const user = userEvent.setup()
    render(<VipSalePage />)
    expect(await screen.findByText('服务器开小差了')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /立即/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(await screen.findByRole('radiogroup', { name: '会员方案' })).toBeTruthy()
    expect(getGoodsVips).toHaveBeenCalledTimes(2)
    expect(getVipInfo).toHaveBeenCalledTimes(2)
  })

  it('shows 获取数据失败 when vipInfo fails without a message', async () => {
    vi.mocked(getVipInfo).mockResolvedValueOnce(failed(''))
    render(<VipSalePage />)
    expect(await screen.findByText('获取数据失败')).toBeTruthy()
  })

  it('retries from the error view when the app shows the page again', async () => {
    vi.mocked(getVipInfo).mockResolvedValueOnce(failed('请求失败'))
    render(<VipSalePage />)
    await screen.findByText('获取数据失败')
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    expect(await screen.findByRole('radiogroup')).toBeTruthy()
  })

  it('shows the loading state after 重试 until the new answer arrives', async () => {
    const slow = deferred<ApiResult<VipInfo>>()
    vi.mocked(getVipInfo).mockResolvedValueOnce(failed('请求失败')).mockReturnValueOnce(slow.promise)
    const user = userEvent.setup()
    render(<VipSalePage />)
    await user.click(await screen.findByRole('button', { name: '重试' }))
    expect(screen.getByRole('status', { name: '加载中' })).toBeTruthy()
    slow.resolve(ok(MEMBER))
    expect(await statusLine('会员有效期至 2027-11-23')).toBeTruthy()
  })
})

describe('hostile data', () => {
  it('renders names as text and leaves out plans without a price', async () => {
    vi.mocked(getGoodsVips).mockResolvedValue(
      ok([
        { id: 1, name: '<img src=x onerror=alert(1)>', months: 1, money: 100, originalMoney: null, tag: null },
        { id: 2, name: '坏价格', months: 1, money: 'free' as unknown as number },
        { id: null, name: '无编号', money: 100 },
      ]),
    )
    render(<VipSalePage />)
    expect(await screen.findByRole('radio', { name: '<img src=x onerror=alert(1)>' })).toBeTruthy()
    expect(document.querySelector('img[src="x"]')).toBeNull()
    expect(screen.getAllByRole('radio')).toHaveLength(1)
  })

  it('shows the error view for an empty or null plan list, and for a null membership', async () => {
    for (const [goods, info] of [
      [[], NOT_MEMBER],
      [null, NOT_MEMBER],
      [PLANS, null],
    ] as const) {
      vi.mocked(getGoodsVips).mockResolvedValueOnce(ok(goods as never))
      vi.mocked(getVipInfo).mockResolvedValueOnce(ok(info as never))
      const { unmount } = render(<VipSalePage />)
      expect(await screen.findByText('获取数据失败')).toBeTruthy()
      expect(screen.getByRole('button', { name: '重试' })).toBeTruthy()
      unmount()
    }
  })

  it('shows a member whose expiry is broken as a member, with 立即续费', async () => {
    vi.mocked(getVipInfo).mockResolvedValue(ok({ isVip: true, isPermanentVip: null, expireTime: 'tomorrow' }))
    render(<VipSalePage />)
    expect(await screen.findByRole('button', { name: '立即续费' })).toBeTruthy()
    expect(screen.queryByText('您还不是会员')).toBeNull()
  })
})
