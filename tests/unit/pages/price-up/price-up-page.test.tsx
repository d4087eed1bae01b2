import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetEnvForTests } from '@shared/env'
import { PriceUpPage } from '../../../../pages/price_up/price-up-page'
import { installAndroidHost, removeHost } from '../../bridge/fake-host'
import { clearOverlays } from '../../components/clear-overlays'
import { payloads } from '../support/api-results'

afterEach(async () => {
  await clearOverlays()
  removeHost()
})

const banner = () => screen.getByRole('button', { name: '查看会员方案' })

describe('in the app', () => {
  it('opens the membership sale in a new WebView from the banner', async () => {
    const host = installAndroidHost('getUserInfo', 'openWebPage')
    const user = userEvent.setup()
    render(<PriceUpPage />)
    await user.click(banner())
    expect(payloads(host.openWebPage!)).toEqual([{ url: `${window.location.origin}/vip_sale`, title: '开通会员', showShare: false }])
  })

  it('shares the notice as /price_up and offers a close button', async () => {
    const host = installAndroidHost('getUserInfo', 'shareUrl', 'closeWebview')
    const user = userEvent.setup()
    render(<PriceUpPage />)
    await user.click(screen.getByRole('button', { name: '分享' }))
    expect(payloads(host.shareUrl!)).toEqual([expect.objectContaining({ url: `${window.location.origin}/price_up` })])
    await user.click(screen.getByRole('button', { name: '关闭' }))
    expect(host.closeWebview).toHaveBeenCalledTimes(1)
  })
})

describe('in a browser', () => {
  it('goes to the home page from the banner', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    const user = userEvent.setup()
    render(<PriceUpPage />)
    await user.click(banner())
    expect(assign).toHaveBeenCalledWith('/')
  })

  it('shows the share guide in WeChat, and no close button', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.50')
    resetEnvForTests()
    const user = userEvent.setup()
    render(<PriceUpPage />)
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull()
    await user.click(screen.getByRole('button', { name: '分享' }))
    await screen.findByRole('dialog', { name: '分享引导' })
    resetEnvForTests()
  })

  it('reads the notice to screen readers as the banner description', () => {
    render(<PriceUpPage />)
    expect(banner().getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(banner().getAttribute('aria-describedby')!)?.textContent).toContain('会员方案价格将于近期调整')
  })
})
