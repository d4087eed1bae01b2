import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BRAND } from '@shared/config/brand'
import { DownloadBar } from '@shared/components/download-bar'
import { Empty } from '@shared/components/empty'
import { ErrorView } from '@shared/components/error-view'
import { clearOverlays } from './clear-overlays'

afterEach(clearOverlays)

describe('ErrorView', () => {
  it('shows the message and calls onRetry when the user taps 重试', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    render(<ErrorView message="分享不存在" onRetry={onRetry} />)
    screen.getByText('分享不存在')
    await user.click(screen.getByRole('button', { name: '重试' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it.each([undefined, null, '', '  '])('says 加载失败 when the message is %j', (message) => {
    render(<ErrorView message={message} onRetry={() => {}} />)
    screen.getByText('加载失败')
  })
})

describe('Empty', () => {
  it('says 暂无内容 by default', () => {
    render(<Empty />)
    screen.getByText('暂无内容')
  })

  it('shows a custom description', () => {
    render(<Empty description="还没有绘本" />)
    screen.getByText('还没有绘本')
  })
})

describe('DownloadBar', () => {
  it('invites to download and opens the download page on 下载App', async () => {
    const user = userEvent.setup()
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
    render(<DownloadBar />)
    screen.getByText('下载App，和孩子一起学英语')
    await user.click(screen.getByRole('button', { name: '下载App' }))
    expect(assign).toHaveBeenCalledWith(BRAND.downloadUrl)
  })

  it('offers 打开App beside 下载App, which tries the app with this page', async () => {
    const user = userEvent.setup()
    const assign = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign })
    const { unmount } = render(<DownloadBar />)
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['打开App', '下载App'])
    await user.click(screen.getByRole('button', { name: '打开App' }))
    expect(String(assign.mock.calls[0]![0]).startsWith(`${BRAND.appScheme}open?url=`)).toBe(true)
    unmount() // cancels the pending fallback to the download page
  })
})
