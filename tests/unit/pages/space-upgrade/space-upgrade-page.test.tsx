import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getGoodsSpaces } from '@shared/api/get-goods-spaces'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { getToken } from '@shared/bridge'
import type * as Bridge from '@shared/bridge'
import { pageTree } from '@shared/app/page-tree'
import page from '../../../../pages/space_upgrade/page'
import { SpaceUpgradePage } from '../../../../pages/space_upgrade/space-upgrade-page'
import { installAndroidHost, removeHost, sendFromHost } from '../../bridge/fake-host'
import { clearOverlays } from '../../components/clear-overlays'
import { failed, ok, payloads } from '../support/api-results'

// This file calls React's act() itself: React's act environment, as Testing Library sets it where test globals exist.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

vi.mock('@shared/api/get-my-capacity', () => ({
  getMyCapacity: Object.assign(vi.fn(), { request: () => ({ path: '/v1/user/myCapacity' }) }),
}))
vi.mock('@shared/api/get-goods-spaces', () => ({
  getGoodsSpaces: Object.assign(vi.fn(), { request: () => ({ path: '/v1/goods/spaces' }) }),
}))
vi.mock('@shared/bridge', async (original) => ({ ...(await original<typeof Bridge>()), getToken: vi.fn() }))

const GOODS = [
  { id: 11, name: '10GB空间', capacity: 10240, money: 990 },
  { id: 12, name: '50GB空间', capacity: 51200, money: 3000 },
  { id: 13, name: '100GB空间', capacity: 102400, money: 5000 },
  { id: 14, name: '1TB空间', capacity: 1048576, money: 19900 },
]

beforeEach(() => {
  vi.clearAllMocks()
  // A browser visitor who signed in on an earlier visit (docs/contracts/user-agent.md: the token is kept in localStorage).
  vi.mocked(getToken).mockReturnValue('saved-token')
  vi.mocked(getMyCapacity).mockResolvedValue(ok({ used: 1536, total: 5120 }))
  vi.mocked(getGoodsSpaces).mockResolvedValue(ok(GOODS))
})

afterEach(async () => {
  await clearOverlays()
  removeHost()
})

const goodsRows = () => within(screen.getByRole('region', { name: '购买空间' })).getAllByRole('listitem')

describe('the capacity bar', () => {
  it('shows used and total as formatted sizes with the MB values on the progressbar', async () => {
    render(<SpaceUpgradePage />)
    await screen.findByText('已用 1.5GB / 共 5GB')
    const bar = screen.getByRole('progressbar')
    expect(bar.getAttribute('aria-valuenow')).toBe('1536')
    expect(bar.getAttribute('aria-valuemax')).toBe('5120')
  })

  it('keeps the bar value inside its range when more is used than granted', async () => {
    vi.mocked(getMyCapacity).mockResolvedValue(ok({ used: 6000, total: 5120 }))
    render(<SpaceUpgradePage />)
    await screen.findByText('已用 5.86GB / 共 5GB')
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('5120')
  })
})

describe('the goods list', () => {
  it('shows three goods with name, size and yearly price, then all of them on 展开更多', async () => {
    const user = userEvent.setup()
    render(<SpaceUpgradePage />)
    await screen.findByText('10GB空间')
    expect(goodsRows()).toHaveLength(3)
    within(goodsRows()[0]!).getByText('¥9.9/年')
    within(goodsRows()[1]!).getByText('容量 50GB')
    await user.click(screen.getByRole('button', { name: '展开更多' }))
    expect(goodsRows()).toHaveLength(4)
    within(goodsRows()[3]!).getByText('¥199/年')
    await user.click(screen.getByRole('button', { name: '收起' }))
    expect(goodsRows()).toHaveLength(3)
  })

  it('shows no toggle when three goods or fewer are on sale', async () => {
    vi.mocked(getGoodsSpaces).mockResolvedValue(ok(GOODS.slice(0, 3)))
    render(<SpaceUpgradePage />)
    await screen.findByText('10GB空间')
    expect(screen.queryByRole('button', { name: '展开更多' })).toBeNull()
  })

  it('renders a hostile name as text', async () => {
    vi.mocked(getGoodsSpaces).mockResolvedValue(ok([{ id: 1, name: '<img src=x onerror=alert(1)>', capacity: 1, money: 1 }]))
    render(<SpaceUpgradePage />)
    await screen.findByText('<img src=x onerror=alert(1)>')
    expect(document.querySelector('img[src="x"]')).toBeNull()
  })

  it('shows the empty state when nothing is on sale', async () => {
    vi.mocked(getGoodsSpaces).mockResolvedValue({ ...ok([]), data: null })
    render(<SpaceUpgradePage />)
    await screen.findByText('暂无可购买的空间')
  })
})

describe('buying', () => {
  it('asks the app to buy the tapped good', async () => {
    const host = installAndroidHost('getUserInfo', 'buyGoods')
    const user = userEvent.setup()
    render(<SpaceUpgradePage />)
    await screen.findByText('50GB空间')
    await user.click(within(goodsRows()[1]!).getByRole('button', { name: '购买' }))
    expect(payloads(host.buyGoods!)).toEqual([{ goodsId: 12 }])
  })

  it('tells a browser visitor to buy in the app', async () => {
    const user = userEvent.setup()
    render(<SpaceUpgradePage />)
    await screen.findByText('10GB空间')
    await user.click(within(goodsRows()[0]!).getByRole('button', { name: '购买' }))
    expect(screen.getByRole('alert').textContent).toBe('请在App内购买')
  })

  it('reloads the capacity when the app becomes visible again', async () => {
    installAndroidHost('getUserInfo', 'buyGoods')
    render(<SpaceUpgradePage />)
    await screen.findByText('已用 1.5GB / 共 5GB')
    vi.mocked(getMyCapacity).mockResolvedValue(ok({ used: 1536, total: 15360 }))
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    await screen.findByText('已用 1.5GB / 共 15GB')
    // The space grew: the purchase is confirmed in words too.
    expect((await screen.findByRole('alert')).textContent).toBe('扩容成功，总空间已增至15GB')
  })

  it('says nothing when the store closes without a purchase', async () => {
    installAndroidHost('getUserInfo', 'buyGoods')
    render(<SpaceUpgradePage />)
    await screen.findByText('已用 1.5GB / 共 5GB')
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    await waitFor(() => expect(getMyCapacity).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows the capacity and goods as they are now when the browser restores it from its back-forward cache', async () => {
    render(<SpaceUpgradePage />)
    await screen.findByText('已用 1.5GB / 共 5GB')
    const pageshow = (persisted: boolean) => act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted })))
    pageshow(false)
    expect(getMyCapacity).toHaveBeenCalledTimes(1)
    // Bought or claimed on another page while this one sat in the cache.
    vi.mocked(getMyCapacity).mockResolvedValue(ok({ used: 1536, total: 15360 }))
    pageshow(true)
    await screen.findByText('已用 1.5GB / 共 15GB')
    expect(getGoodsSpaces).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('alert')).toBeNull() // no 扩容成功: the page did not see a purchase of its own
  })

  it('does not reload when the app reports the page hidden', async () => {
    render(<SpaceUpgradePage />)
    await screen.findByText('已用 1.5GB / 共 5GB')
    act(() => sendFromHost({ type: 'visibleChange', data: { result: false } }))
    expect(getMyCapacity).toHaveBeenCalledTimes(1)
  })
})

describe('when a request fails', () => {
  it('still shows the capacity when the goods fail, and retries the goods alone', async () => {
    vi.mocked(getGoodsSpaces).mockResolvedValueOnce(failed('服务器开小差了'))
    const user = userEvent.setup()
    render(<SpaceUpgradePage />)
    await screen.findByText('服务器开小差了')
    screen.getByText('已用 1.5GB / 共 5GB')
    await user.click(screen.getByRole('button', { name: '重试' }))
    await screen.findByText('10GB空间')
    expect(getMyCapacity).toHaveBeenCalledTimes(1)
  })

  it('still shows the goods when the capacity fails', async () => {
    vi.mocked(getMyCapacity).mockResolvedValueOnce(failed('网络错误，请检查您的网络连接'))
    render(<SpaceUpgradePage />)
    const capacity = screen.getByRole('region', { name: '我的空间' })
    await within(capacity).findByRole('button', { name: '重试' })
    await screen.findByText('10GB空间')
  })

  it('keeps the capacity on screen when a background reload fails', async () => {
    render(<SpaceUpgradePage />)
    await screen.findByText('已用 1.5GB / 共 5GB')
    vi.mocked(getMyCapacity).mockResolvedValue(failed('请求失败'))
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    await waitFor(() => expect(getMyCapacity).toHaveBeenCalledTimes(2))
    screen.getByText('已用 1.5GB / 共 5GB')
  })
})

describe('a visitor outside the app', () => {
  it('sees the open-in-app screen, and the page sends no request', () => {
    // As mountPage mounts it (its descriptor says signedIn).
    render(pageTree(page, <SpaceUpgradePage />))
    expect(screen.getByRole('heading', { name: '空间扩容' })).toBeTruthy()
    expect(screen.getByText('请在App内打开')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
    expect(getMyCapacity).not.toHaveBeenCalled()
    expect(getGoodsSpaces).not.toHaveBeenCalled()
  })
})

describe('the rules panel', () => {
  it('comes under the goods once they have answered, so they never push it down', async () => {
    let answer: (result: Awaited<ReturnType<typeof getGoodsSpaces>>) => void = () => {}
    vi.mocked(getGoodsSpaces).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    render(<SpaceUpgradePage />)
    await screen.findByText('已用 1.5GB / 共 5GB')
    expect(screen.queryByRole('region', { name: '分享赚空间' })).toBeNull()
    await act(async () => answer(ok(GOODS) as Awaited<ReturnType<typeof getGoodsSpaces>>))
    expect(screen.getByRole('region', { name: '分享赚空间' })).toBeTruthy()
  })

  it('lists the five share rules with their exact amounts', async () => {
    render(<SpaceUpgradePage />)
    const rules = within(await screen.findByRole('region', { name: '分享赚空间' })).getAllByRole('listitem')
    expect(rules.map((rule) => rule.textContent)).toEqual([
      '1好友保存你分享的资源，每保存一次，你可获得300MB空间。',
      '2资源的发布者额外再获得300MB空间。',
      '3每人每个资源最多可获得10GB奖励空间。',
      '4保存自己发布的课程不获得奖励。',
      '5同一资源只奖励一次，删除后重新保存不再获得奖励。',
    ])
  })
})
