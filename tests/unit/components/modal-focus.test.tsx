import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ActionSheet } from '@shared/components/action-sheet'
import { useModalFocus } from '@shared/components/overlay'
import { ShareMask } from '@shared/components/mask'
import { clearOverlays } from './clear-overlays'

afterEach(clearOverlays)

/** A page with a button that opens a small modal holding a text field and two buttons. */
function Page({ withControls = true }: { withControls?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <button type="button">页面上的其他按钮</button>
      {open && <Modal withControls={withControls} onClose={() => setOpen(false)} />}
    </>
  )
}

function Modal({ withControls, onClose }: { withControls: boolean; onClose: () => void }) {
  const { panelRef, onKeyDown } = useModalFocus<HTMLDivElement>(true, onClose)
  return (
    <div ref={panelRef} role="dialog" aria-modal="true" aria-label="弹窗" tabIndex={-1} onKeyDown={onKeyDown}>
      {withControls && (
        <>
          <input aria-label="名称" />
          <button type="button" onClick={onClose}>
            关闭
          </button>
          <select aria-label="分类">
            <option>绘本</option>
          </select>
        </>
      )}
    </div>
  )
}

describe('a modal layer', () => {
  it('wraps Tab from its last control (a select) to its first, and Shift+Tab back', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: '打开' }))
    screen.getByRole('combobox', { name: '分类' }).focus()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '名称' }))
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: '分类' }))
  })

  it('keeps focus on itself when it has no control', async () => {
    const user = userEvent.setup()
    render(<Page withControls={false} />)
    await user.click(screen.getByRole('button', { name: '打开' }))
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: '弹窗' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: '弹窗' }))
  })

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: '打开' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: '弹窗' })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '打开' }))
  })
})

describe('the action sheet', () => {
  it('keeps Tab among its options and 取消', async () => {
    const user = userEvent.setup()
    render(
      <ActionSheet
        visible
        actions={[
          { key: 'a', text: '拍照' },
          { key: 'b', text: '本地PDF文件' },
        ]}
      />,
    )
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '拍照' }))
    await user.tab({ shift: true })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '拍照' }))
  })

  it('gives focus back to the control that opened it once it has closed', async () => {
    const user = userEvent.setup()
    function Opener() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            添加绘本
          </button>
          <ActionSheet visible={open} actions={[{ key: 'a', text: '拍照' }]} onClose={() => setOpen(false)} />
        </>
      )
    }
    render(<Opener />)
    await user.click(screen.getByRole('button', { name: '添加绘本' }))
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '拍照' }))
    await user.keyboard('{Escape}')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '添加绘本' }))
  })
})

describe('the share guide mask', () => {
  it('takes focus while open, so Escape reaches it', async () => {
    const user = userEvent.setup()
    let closed = 0
    render(<ShareMask visible onClose={() => (closed += 1)} />)
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: '分享引导' }))
    await user.keyboard('{Escape}')
    expect(closed).toBe(1)
  })
})
