import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { goBackOrClose } from '@shared/bridge'
import { HeaderBar, IconButton } from '@shared/components/header-bar'
import { clearOverlays } from './clear-overlays'

vi.mock('@shared/bridge', () => ({ goBackOrClose: vi.fn() }))

// restoreMocks does not reset a vi.mock factory's fn between tests.
beforeEach(() => vi.mocked(goBackOrClose).mockClear())
afterEach(clearOverlays)

describe('HeaderBar', () => {
  it('shows the title as the page heading', () => {
    render(<HeaderBar title="空间扩容" />)
    screen.getByRole('heading', { level: 1, name: '空间扩容' })
  })

  it('goes back or closes the WebView when 返回 is tapped', async () => {
    const user = userEvent.setup()
    render(<HeaderBar title="空间扩容" />)
    await user.click(screen.getByRole('button', { name: '返回' }))
    expect(goBackOrClose).toHaveBeenCalledTimes(1)
  })

  it('calls onBack instead when given', async () => {
    const user = userEvent.setup()
    const onBack = vi.fn()
    render(<HeaderBar title="自制绘本列表" onBack={onBack} />)
    await user.click(screen.getByRole('button', { name: '返回' }))
    expect(onBack).toHaveBeenCalledTimes(1)
    expect(goBackOrClose).not.toHaveBeenCalled()
  })

  it('has no back button when isShowBack is false', () => {
    render(<HeaderBar title="价格调整通知" isShowBack={false} />)
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull()
  })

  it('shows the right slot', () => {
    render(<HeaderBar title="价格调整通知" right={<IconButton icon="share" />} />)
    screen.getByRole('button', { name: '分享' })
  })

  it('shows a hostile title as text', () => {
    render(<HeaderBar title={'<script>alert(1)</script>的录音作品'} />)
    const heading = screen.getByRole('heading', { level: 1 })
    expect(heading.textContent).toBe('<script>alert(1)</script>的录音作品')
    expect(heading.querySelector('script')).toBeNull()
  })
})

describe('IconButton', () => {
  it('is named 分享 or 关闭 after its icon', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(
      <>
        <IconButton icon="share" />
        <IconButton icon="close" onClick={onClose} />
      </>,
    )
    screen.getByRole('button', { name: '分享' })
    await user.click(screen.getByRole('button', { name: '关闭' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
