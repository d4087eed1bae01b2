import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deleteConfirmText } from '@shared/book-folder'
import { confirm, Dialog } from '@shared/components/dialog'
import { clearOverlays } from './clear-overlays'

afterEach(clearOverlays)

function ask(options: Parameters<typeof confirm>[0]) {
  let answer!: Promise<boolean>
  act(() => {
    answer = confirm(options)
  })
  return answer
}

describe('confirm', () => {
  it('resolves true when the user taps the action word', async () => {
    const user = userEvent.setup()
    const answer = ask({ content: '确认删除“绘本”吗？', confirmText: '删除', danger: true })
    await user.click(screen.getByRole('button', { name: '删除' }))
    await expect(answer).resolves.toBe(true)
  })

  it('shows a hostile folder name in the question as text, not markup', async () => {
    const user = userEvent.setup()
    const answer = ask({ content: deleteConfirmText('<img src=x onerror=alert(1)>', 0) })
    expect(screen.getByRole('dialog').textContent).toContain('确认删除“<img src=x onerror=alert(1)>”吗？')
    expect(document.querySelector('img')).toBeNull()
    await user.click(screen.getByRole('button', { name: '取消' }))
    await expect(answer).resolves.toBe(false)
  })

  it('resolves false when the user taps 取消', async () => {
    const user = userEvent.setup()
    const answer = ask({ content: '确认删除“绘本”吗？' })
    await user.click(screen.getByRole('button', { name: '取消' }))
    await expect(answer).resolves.toBe(false)
  })

  it('resolves false when the user presses Escape', async () => {
    const user = userEvent.setup()
    const answer = ask({ content: '确认提交吗？' })
    await user.keyboard('{Escape}')
    await expect(answer).resolves.toBe(false)
  })

  it('resolves false when the user taps the mask', async () => {
    const user = userEvent.setup()
    const answer = ask({ content: '确认提交吗？' })
    // The mask is the dialog's backdrop sibling; it has no role of its own.
    const mask = screen.getByRole('dialog').previousElementSibling
    if (!mask) throw new Error('no mask')
    await user.click(mask)
    await expect(answer).resolves.toBe(false)
  })

  it('is a modal dialog named by its content, with 取消 and 确定 by default', () => {
    void ask({ content: '确认提交吗？' })
    const dialog = screen.getByRole('dialog', { name: '确认提交吗？' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    screen.getByRole('button', { name: '取消' })
    screen.getByRole('button', { name: '确定' })
  })

  it('is named by its title when it has one', () => {
    void ask({ title: '提示', content: '确认提交吗？' })
    screen.getByRole('dialog', { name: '提示' })
    screen.getByRole('heading', { name: '提示' })
  })

  it('moves focus to the confirm button', () => {
    void ask({ content: '确认提交吗？' })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }))
  })

  it('moves focus to 取消 for a dangerous action', () => {
    void ask({ content: '确认删除吗？', confirmText: '删除', danger: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }))
  })

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup()
    void ask({ content: '确认提交吗？' })
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }))
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '确定' }))
  })

  it('resolves once and leaves the page after the answer', async () => {
    const user = userEvent.setup()
    const answer = ask({ content: '确认提交吗？' })
    await user.click(screen.getByRole('button', { name: '确定' }))
    await user.keyboard('{Escape}')
    await expect(answer).resolves.toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows HTML content as text', () => {
    void ask({ content: '<b>“名称”</b>' })
    expect(screen.getByRole('dialog', { name: '<b>“名称”</b>' }).querySelector('b')).toBeNull()
  })
})

describe('Dialog', () => {
  it('renders nothing while not visible', () => {
    render(<Dialog content="确认提交吗？" />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('calls onConfirm and onCancel from its buttons', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(<Dialog visible content="确认提交吗？" onConfirm={onConfirm} onCancel={onCancel} />)
    await user.click(screen.getByRole('button', { name: '确定' }))
    await user.click(screen.getByRole('button', { name: '取消' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})
