import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { claimFreeSpace } from '@shared/api/claim-free-space'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { BRAND } from '@shared/config/brand'
import { resetEnvForTests } from '@shared/env'
import { ExpandSpacePage } from '../../../../pages/expand_space/expand-space-page'
import { installAndroidHost, removeHost } from '../../bridge/fake-host'
import { clearOverlays } from '../../components/clear-overlays'
import { failed, ok, payloads } from '../support/api-results'

vi.mock('@shared/api/claim-free-space', () => ({ claimFreeSpace: vi.fn() }))
vi.mock('@shared/api/get-my-capacity', () => ({ getMyCapacity: vi.fn() }))

const APP_CALLS = ['getUserInfo', 'setNavigationBar', 'closeWebview', 'shareUrl'] as const

beforeEach(() => {
  vi.clearAllMocks()
  vi.mocked(claimFreeSpace).mockResolvedValue(ok({ granted: 10240, total: 15360 }))
  vi.mocked(getMyCapacity).mockResolvedValue(ok({ total: 5120, used: 100, claimed: false }))
})

afterEach(async () => {
  await clearOverlays()
  removeHost()
})

const banner = () => screen.getByRole('button', { name: '领取扩容礼包' })

/** A pageshow/pagehide event; `persisted` = restored from / going into the back/forward cache. */
function transition(type: 'pageshow' | 'pagehide', persisted: boolean): Event {
  const event = new Event(type)
  Object.defineProperty(event, 'persisted', { value: persisted })
  return event
}

describe('in the app', () => {
  it('shows the gift as claimed when the server says so, and invites no claim', async () => {
    installAndroidHost(...APP_CALLS)
    vi.mocked(getMyCapacity).mockResolvedValue(ok({ total: 15360, used: 100, claimed: true }))
    render(<ExpandSpacePage />)
    const claimed = await screen.findByRole('button', { name: '已领取' })
    expect((claimed as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('status').textContent).toContain('您已领取过新年扩容礼包')
    await userEvent.click(claimed)
    await userEvent.click(screen.getByText('新年扩容大礼包')) // the rest of the banner takes no tap either
    expect(claimFreeSpace).not.toHaveBeenCalled()
  })

  it('invites the claim when the gift is not claimed yet', async () => {
    installAndroidHost(...APP_CALLS)
    render(<ExpandSpacePage />)
    await waitFor(() => expect(getMyCapacity).toHaveBeenCalledOnce())
    expect(banner()).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('hides the native navigation bar', () => {
    const host = installAndroidHost(...APP_CALLS)
    render(<ExpandSpacePage />)
    expect(payloads(host.setNavigationBar!)).toEqual([{ visible: false }])
  })

  it('shows the native navigation bar again when the page is left, and hides it on coming back', () => {
    const host = installAndroidHost(...APP_CALLS)
    render(<ExpandSpacePage />)
    window.dispatchEvent(transition('pagehide', true))
    window.dispatchEvent(transition('pageshow', true))
    expect(payloads(host.setNavigationBar!)).toEqual([{ visible: false }, { visible: true }, { visible: false }])
  })

  it("hides the bar once when the first load's own pageshow comes after the page started", () => {
    const host = installAndroidHost(...APP_CALLS)
    render(<ExpandSpacePage />)
    window.dispatchEvent(transition('pageshow', false))
    expect(payloads(host.setNavigationBar!)).toEqual([{ visible: false }])
  })

  it('claims from the banner and shows the success popup with the granted space', async () => {
    installAndroidHost(...APP_CALLS)
    const user = userEvent.setup()
    render(<ExpandSpacePage />)
    await user.click(banner())
    const popup = await screen.findByRole('dialog', { name: '领取成功' })
    expect(popup.textContent).toContain('10GB扩容空间已到账')
    expect(claimFreeSpace).toHaveBeenCalledTimes(1)
  })

  it('closes the WebView when the success popup is tapped', async () => {
    const host = installAndroidHost(...APP_CALLS)
    const user = userEvent.setup()
    render(<ExpandSpacePage />)
    await user.click(banner())
    await user.click(await screen.findByRole('dialog', { name: '领取成功' }))
    expect(payloads(host.closeWebview!)).toEqual([{ sourceFrom: 'h5' }])
  })

  it('sends one claim for a double tap', async () => {
    installAndroidHost(...APP_CALLS)
    let answer: (value: Awaited<ReturnType<typeof claimFreeSpace>>) => void = () => {}
    vi.mocked(claimFreeSpace).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    render(<ExpandSpacePage />)
    banner().click()
    banner().click()
    answer(ok({ granted: 10240, total: 15360 }))
    await screen.findByRole('dialog', { name: '领取成功' })
    expect(claimFreeSpace).toHaveBeenCalledTimes(1)
  })

  it('toasts the server message when the gift was already claimed, and lets the user try again', async () => {
    installAndroidHost(...APP_CALLS)
    vi.mocked(claimFreeSpace).mockResolvedValueOnce(failed('您已领取过该福利', 409, 'CONFLICT'))
    const user = userEvent.setup()
    render(<ExpandSpacePage />)
    await user.click(banner())
    expect((await screen.findByRole('alert')).textContent).toBe('您已领取过该福利')
    expect(screen.queryByRole('dialog', { name: '领取成功' })).toBeNull()
    await user.click(banner())
    await waitFor(() => expect(claimFreeSpace).toHaveBeenCalledTimes(2))
  })

  it('shares the page through the host with the expansion URL', async () => {
    const host = installAndroidHost(...APP_CALLS)
    const user = userEvent.setup()
    render(<ExpandSpacePage />)
    await user.click(screen.getByRole('button', { name: '分享' }))
    expect(payloads(host.shareUrl!)).toEqual([expect.objectContaining({ url: `${window.location.origin}/expand_space` })])
  })

  it('closes the WebView from the close button', async () => {
    const host = installAndroidHost(...APP_CALLS)
    const user = userEvent.setup()
    render(<ExpandSpacePage />)
    await user.click(screen.getByRole('button', { name: '关闭' }))
    expect(host.closeWebview).toHaveBeenCalledTimes(1)
  })
})

describe('in a browser', () => {
  it('sends the banner tap to the product website without claiming', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const user = userEvent.setup()
    render(<ExpandSpacePage />)
    await user.click(banner())
    expect(assign).toHaveBeenCalledWith(BRAND.website)
    expect(claimFreeSpace).not.toHaveBeenCalled()
  })

  it('shows the share guide in WeChat instead of a native share', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.50')
    resetEnvForTests()
    const user = userEvent.setup()
    render(<ExpandSpacePage />)
    await user.click(screen.getByRole('button', { name: '分享' }))
    await screen.findByRole('dialog', { name: '分享引导' })
    resetEnvForTests()
  })

  it('has no close button', () => {
    render(<ExpandSpacePage />)
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull()
  })
})
