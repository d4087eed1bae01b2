import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InAppOnly, OpenInAppScreen } from '@shared/components/open-in-app-screen'
import { PageTitle } from '@shared/components/page-shell'
import { BRAND } from '@shared/config/brand'
import { resetEnvForTests } from '@shared/env'
import { TELEMETRY_QUEUE_GLOBAL, type TelemetryEntry } from '@shared/telemetry/early'
import { installAndroidHost, removeHost } from '../bridge/fake-host'
import { clearOverlays } from './clear-overlays'

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>()
  vi.spyOn(window.location, 'assign').mockImplementation(assign)
})

afterEach(async () => {
  delete (window as unknown as Record<string, unknown>)[TELEMETRY_QUEUE_GLOBAL]
  await clearOverlays()
  removeHost()
  vi.restoreAllMocks()
  resetEnvForTests()
})

/** What the field report was told (shared/telemetry/early.ts): ready and problems, by kind. */
const recorded = () =>
  ((window as unknown as Record<string, TelemetryEntry[] | undefined>)[TELEMETRY_QUEUE_GLOBAL] ?? []).map((e) =>
    e.type === 'problem' ? e.problem.kind : e.type,
  )
/** Two frames: useMarkReady marks in the frame after React commits. */
const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))

/** A page that records being mounted, as a page's requests start on mount. */
function Page({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount])
  return <p>页面内容</p>
}

describe('InAppOnly', () => {
  it('outside the app shows the header and the open-in-app screen, and never mounts the page', () => {
    const mounted = vi.fn()
    render(
      <PageTitle value="空间扩容">
        <InAppOnly>
          <Page onMount={mounted} />
        </InAppOnly>
      </PageTitle>,
    )
    expect(screen.getByRole('heading', { level: 1, name: '空间扩容' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: '请在App内打开' })).toBeTruthy()
    expect(screen.getByText('登录App后即可查看和管理')).toBeTruthy()
    expect(screen.getAllByRole('button').map((b) => b.textContent?.trim() || b.getAttribute('aria-label'))).toEqual([
      '返回',
      '打开App',
      '下载App',
    ])
    expect(screen.queryByText('页面内容')).toBeNull()
    expect(mounted).not.toHaveBeenCalled()
  })

  it('outside the app is ready with the open-in-app screen, and no problem', async () => {
    render(
      <InAppOnly>
        <p>页面内容</p>
      </InAppOnly>,
    )
    await frames()
    expect(recorded()).toEqual(['ready'])
  })

  it('in the app’s user agent without the host’s bridge shows the screen, reports no-bridge and is never ready', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14) Mobile com.kidsenglish.app version_2.12.0')
    resetEnvForTests()
    render(
      <InAppOnly>
        <p>页面内容</p>
      </InAppOnly>,
    )
    expect(screen.getByRole('heading', { name: '请在App内打开' })).toBeTruthy()
    await frames()
    expect(recorded()).toEqual(['no-bridge'])
  })

  it('in the app renders the page itself', () => {
    installAndroidHost('getUserInfo')
    const mounted = vi.fn()
    render(
      <PageTitle value="空间扩容">
        <InAppOnly>
          <Page onMount={mounted} />
        </InAppOnly>
      </PageTitle>,
    )
    expect(screen.getByText('页面内容')).toBeTruthy()
    expect(screen.queryByText('请在App内打开')).toBeNull()
    expect(mounted).toHaveBeenCalled()
  })
})

describe('OpenInAppScreen', () => {
  it('下载App goes to the download page', async () => {
    render(<OpenInAppScreen />)
    await userEvent.setup().click(screen.getByRole('button', { name: '下载App' }))
    expect(assign).toHaveBeenCalledWith(BRAND.downloadUrl)
  })

  it('打开App tries the app with this page', async () => {
    render(<OpenInAppScreen />)
    await userEvent.setup().click(screen.getByRole('button', { name: '打开App' }))
    expect(assign).toHaveBeenCalledOnce()
    expect(String(assign.mock.calls[0]![0])).toBe(`${BRAND.appScheme}open?url=${encodeURIComponent(window.location.href.split('#')[0]!)}`)
  })

  it('打开App in WeChat shows the open-in-browser guide instead', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.50')
    resetEnvForTests()
    render(<OpenInAppScreen />)
    await userEvent.setup().click(screen.getByRole('button', { name: '打开App' }))
    // The guide is lazily loaded (its chunk comes with the first tap), so it is awaited.
    expect((await screen.findByRole('dialog', { name: '分享引导' })).textContent).toContain('在浏览器打开')
    expect(assign).not.toHaveBeenCalled()
  })
})
