import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { showActionSheet, type ShowActionSheetOptions } from '@shared/components/action-sheet'
import { clearOverlays } from './clear-overlays'

afterEach(clearOverlays)

const addMethods: ShowActionSheetOptions = {
  actions: [
    { key: 'baidu', text: '百度网盘上传' },
    { key: 'photo', text: '拍照' },
    { key: 'pdf', text: '本地PDF文件' },
  ],
}

function open(options: ShowActionSheetOptions) {
  let choice!: Promise<string | null>
  act(() => {
    choice = showActionSheet(options)
  })
  return choice
}

describe('showActionSheet', () => {
  it('shows one button per option, then 取消, in a dialog', () => {
    void open(addMethods)
    const buttons = within(screen.getByRole('dialog')).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual(['百度网盘上传', '拍照', '本地PDF文件', '取消'])
  })

  it('resolves the key of the option the user taps', async () => {
    const user = userEvent.setup()
    const choice = open(addMethods)
    await user.click(screen.getByRole('button', { name: '拍照' }))
    await expect(choice).resolves.toBe('photo')
  })

  it('resolves null when the user taps 取消', async () => {
    const user = userEvent.setup()
    const choice = open(addMethods)
    await user.click(screen.getByRole('button', { name: '取消' }))
    await expect(choice).resolves.toBeNull()
  })

  it('resolves null when the user presses Escape', async () => {
    const user = userEvent.setup()
    const choice = open(addMethods)
    await user.keyboard('{Escape}')
    await expect(choice).resolves.toBeNull()
  })

  it('does not choose a disabled option', async () => {
    const user = userEvent.setup()
    const choice = open({
      actions: [
        { key: 'baidu', text: '网盘导入', disabled: true },
        { key: 'manual', text: '手动创建' },
      ],
    })
    await user.click(screen.getByRole('button', { name: '网盘导入' }))
    screen.getByRole('dialog')
    await user.click(screen.getByRole('button', { name: '手动创建' }))
    await expect(choice).resolves.toBe('manual')
  })

  it('moves focus to the first option it can choose', () => {
    void open({
      actions: [
        { key: 'a', text: '网盘导入', disabled: true },
        { key: 'b', text: '手动创建' },
      ],
    })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '手动创建' }))
  })

  it('uses a custom cancel text', async () => {
    const user = userEvent.setup()
    const choice = open({ ...addMethods, cancelText: '算了' })
    await user.click(screen.getByRole('button', { name: '算了' }))
    await expect(choice).resolves.toBeNull()
  })
})
