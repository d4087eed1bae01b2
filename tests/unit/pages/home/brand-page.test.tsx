import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { BRAND } from '@shared/config/brand'
import { BrandPage } from '../../../../pages/home/brand-page'
import { installAndroidHost, removeHost } from '../../bridge/fake-host'
import { clearOverlays } from '../../components/clear-overlays'
import { payloads } from '../support/api-results'

afterEach(async () => {
  await clearOverlays()
  removeHost()
})

const FEATURES = ['单词卡片游戏', '拼写挑战', '听力填空', '个性化学习计划', 'AI发音反馈']

describe('in a browser', () => {
  it('introduces the five learning features, each with its picture', async () => {
    render(<BrandPage />)
    const list = within(await screen.findByRole('region', { name: '孩子在这里学什么' }))
    expect(list.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(FEATURES)
    for (const item of list.getAllByRole('listitem')) expect(item.querySelector('img')?.getAttribute('src')).toBeTruthy()
  })

  it('ends with the company copyright and the filing number', async () => {
    render(<BrandPage />)
    await screen.findByText(BRAND.copyright)
    screen.getByText(BRAND.filingNumber)
  })

  it('shows the download bar and no back button', async () => {
    render(<BrandPage />)
    await screen.findByRole('button', { name: '下载App' })
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull()
  })
})

describe('in the app', () => {
  it('hides the download bar', async () => {
    installAndroidHost('getUserInfo', 'shareUrl')
    render(<BrandPage />)
    await screen.findByText(BRAND.copyright)
    expect(screen.queryByRole('button', { name: '下载App' })).toBeNull()
  })

  it('shares the home page through the host', async () => {
    const host = installAndroidHost('getUserInfo', 'shareUrl')
    const user = userEvent.setup()
    render(<BrandPage />)
    await user.click(await screen.findByRole('button', { name: '分享' }))
    expect(payloads(host.shareUrl!)).toEqual([expect.objectContaining({ url: `${window.location.origin}/` })])
  })
})
