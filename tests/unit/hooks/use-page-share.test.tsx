import { act, renderHook, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { usePageShare } from '@shared/hooks/use-page-share'
import { installAndroidHost, removeHost } from '../bridge/fake-host'
import { clearOverlays } from '../components/clear-overlays'
import { payloads } from '../pages/support/api-results'

afterEach(async () => {
  await clearOverlays()
  removeHost()
})

const notice = { title: '价格调整通知', text: '会员方案价格即将调整', path: '/price_up' }

describe('usePageShare', () => {
  it('shares the page link through the host in the app, with the site icon as thumbnail', () => {
    const host = installAndroidHost('getUserInfo', 'shareUrl')
    const { result } = renderHook(() => usePageShare(notice))
    act(() => result.current.share())
    const origin = window.location.origin
    expect(payloads(host.shareUrl!)).toEqual([
      { title: '价格调整通知', text: '会员方案价格即将调整', url: `${origin}/price_up`, thumbnail: `${origin}/favicon.svg` },
    ])
    expect(result.current.maskVisible).toBe(false)
  })

  it('tells the user to upgrade an app that cannot share', () => {
    installAndroidHost('getUserInfo')
    const { result } = renderHook(() => usePageShare(notice))
    act(() => result.current.share())
    expect(screen.getByRole('alert').textContent).toBe('请升级App到最新版本')
  })

  it('opens and closes the share guide in a browser', () => {
    const { result } = renderHook(() => usePageShare(notice))
    act(() => result.current.share())
    expect(result.current.maskVisible).toBe(true)
    act(() => result.current.closeMask())
    expect(result.current.maskVisible).toBe(false)
  })
})
