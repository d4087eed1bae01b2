import { act, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetEnvForTests } from '@shared/env'
import { usePageShare } from '@shared/hooks/use-page-share'
import { installAndroidHost, removeHost } from '../bridge/fake-host'
import { clearOverlays } from '../components/clear-overlays'
import { payloads } from '../pages/support/api-results'

afterEach(async () => {
  await clearOverlays()
  removeHost()
  vi.restoreAllMocks()
  resetEnvForTests()
  delete (navigator as { share?: unknown }).share
})

function inWeChat() {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.50')
  resetEnvForTests()
}

const notice = { title: '价格调整通知', text: '会员方案价格即将调整', path: '/price_up' }

describe('usePageShare', () => {
  it("shares the page link through the host in the app, with the pages' share picture (a PNG) as thumbnail", () => {
    const host = installAndroidHost('getUserInfo', 'shareUrl')
    const { result } = renderHook(() => usePageShare(notice))
    act(() => result.current.share())
    const origin = window.location.origin
    expect(payloads(host.shareUrl!)).toEqual([
      { title: '价格调整通知', text: '会员方案价格即将调整', url: `${origin}/price_up`, thumbnail: `${origin}/share-cover.png` },
    ])
    expect(result.current.maskVisible).toBe(false)
  })

  it('tells the user to upgrade an app that cannot share', () => {
    installAndroidHost('getUserInfo')
    const { result } = renderHook(() => usePageShare(notice))
    act(() => result.current.share())
    expect(screen.getByRole('alert').textContent).toBe('请升级App到最新版本')
  })

  it('opens and closes the share guide in WeChat', () => {
    inWeChat()
    const { result } = renderHook(() => usePageShare(notice))
    act(() => result.current.share())
    return waitFor(() => expect(result.current.maskVisible).toBe(true)).then(() => {
      act(() => result.current.closeMask())
      expect(result.current.maskVisible).toBe(false)
    })
  })

  it('opens the system share sheet in another browser, with the page link and no query', async () => {
    const share = vi.fn(async () => {})
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    const { result } = renderHook(() => usePageShare(notice))
    act(() => result.current.share())
    await waitFor(() => expect(share).toHaveBeenCalledOnce())
    expect(share).toHaveBeenCalledWith({ title: '价格调整通知', text: '会员方案价格即将调整', url: `${window.location.origin}/price_up` })
    expect(result.current.maskVisible).toBe(false)
  })

  it('copies the link with a toast where there is no share sheet', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    const { result } = renderHook(() => usePageShare(notice))
    act(() => result.current.share())
    expect((await screen.findByRole('alert')).textContent).toBe('链接已复制，快去分享给好友吧')
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/price_up`)
    expect(result.current.maskVisible).toBe(false)
  })
})
