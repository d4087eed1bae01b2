import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ShareMask } from '@shared/components/mask'
import { clearOverlays } from './clear-overlays'

afterEach(clearOverlays)

const shareText = '点击右上角「···」分享给好友'
const browserText = '点击右上角「···」选择“在浏览器打开”'

describe('ShareMask', () => {
  it('is a dialog named 分享引导 showing the share guide by default', () => {
    render(<ShareMask visible onClose={() => {}} />)
    const dialog = screen.getByRole('dialog', { name: '分享引导' })
    expect(dialog.textContent).toContain(shareText)
  })

  it('shows the open-in-browser guide for type 1', () => {
    render(<ShareMask visible type={1} onClose={() => {}} />)
    expect(screen.getByRole('dialog', { name: '分享引导' }).textContent).toContain(browserText)
  })

  it.each([2, -1, Number.NaN])('falls back to the share guide for type %s', (type) => {
    render(<ShareMask visible type={type} onClose={() => {}} />)
    expect(screen.getByRole('dialog', { name: '分享引导' }).textContent).toContain(shareText)
  })

  it('asks to close when tapped anywhere', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<ShareMask visible onClose={onClose} />)
    await user.click(screen.getByText(shareText))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('asks to close on Escape', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<ShareMask visible onClose={onClose} />)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('renders nothing while not visible', () => {
    render(<ShareMask visible={false} onClose={() => {}} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
