import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addBookCreation } from '@shared/api/add-book-creation'
import { getBookCreationOptions } from '@shared/api/get-book-creation-options'
import { getDirectory } from '@shared/api/get-directory'
import type { Folder } from '@shared/api/types'
import { updateBookCreation } from '@shared/api/update-book-creation'
import { uploadFile } from '@shared/api/upload-file'
import type * as Bridge from '@shared/bridge'
import { goBackOrClose } from '@shared/bridge'
import type { ApiResult } from '@shared/http'
import { putKept } from '@shared/http/prefetch'
import { BookCreatePage } from '../../../pages/generate_book/create/book-create-page'
import { returnToList } from '../../../pages/generate_book/create/navigation'
import { clearOverlays } from '../components/clear-overlays'
import type * as GetBookCreationOptionsModule from '@shared/api/get-book-creation-options'
import type * as GetDirectoryModule from '@shared/api/get-directory'

vi.mock('@shared/api/add-book-creation', () => ({ addBookCreation: vi.fn() }))
vi.mock('@shared/api/update-book-creation', () => ({ updateBookCreation: vi.fn() }))
vi.mock('@shared/api/get-book-creation-options', async (original) => {
  const { getBookCreationOptions: real } = await original<typeof GetBookCreationOptionsModule>()
  return { getBookCreationOptions: Object.assign(vi.fn(), { request: real.request }) }
})
// A mocked sender that still describes its request (the page takes the HTML's early reply by it).
vi.mock('@shared/api/get-directory', async (original) => {
  const { getDirectory: real } = await original<typeof GetDirectoryModule>()
  return { getDirectory: Object.assign(vi.fn(), { request: real.request }) }
})
vi.mock('@shared/api/upload-file', () => ({ uploadFile: vi.fn() }))
vi.mock('../../../pages/generate_book/create/navigation', () => ({ returnToList: vi.fn() }))
vi.mock('@shared/bridge', async (original) => ({ ...(await original<typeof Bridge>()), goBackOrClose: vi.fn() }))

const ok = <T,>(data: T): ApiResult<T> => ({ success: true, data, msg: '请求成功', code: 200, result: 'SUCCESS' })
const fail = (msg: string): ApiResult<never> => ({ success: false, data: null, msg, code: 400, result: 'BAD_REQUEST' })

const add = vi.mocked(addBookCreation)
const update = vi.mocked(updateBookCreation)

beforeEach(() => {
  vi.clearAllMocks()
  vi.mocked(getBookCreationOptions).mockResolvedValue(
    ok({ categories: [{ id: 1, name: '自然拼读' }], ages: ['3', '4', '5', '6'], tags: ['动物', '启蒙'] }),
  )
  vi.mocked(getDirectory).mockResolvedValue(
    ok<Folder>({ id: 12, parentId: 10, title: '旧名字', rootId: 1, ages: ['3', '5'], tags: ['动物'], intro: '旧简介' }),
  )
  add.mockResolvedValue(ok<Folder>({ id: 1000 }))
  update.mockResolvedValue(ok<Folder>({ id: 12 }))
})

afterEach(clearOverlays)

const nameBox = () => screen.getByRole('textbox', { name: /名称/ })

describe('the create page', () => {
  it('creates a folder of picture books under the parent with trimmed fields, then returns to the list', async () => {
    render(<BookCreatePage target={{ mode: 'create', parentId: 10 }} />)
    await userEvent.type(await screen.findByRole('textbox', { name: /名称/ }), '  动物世界  ')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '分类' }), '自然拼读')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '最小年龄' }), '4')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '最大年龄' }), '6')
    await userEvent.click(screen.getByRole('button', { name: '启蒙' }))
    await userEvent.type(screen.getByRole('textbox', { name: '简介' }), '好书😀')
    await userEvent.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() =>
      expect(add).toHaveBeenCalledWith({
        parentId: 10,
        type: 1,
        title: '动物世界',
        intro: '好书😀',
        imageUrl: '',
        rootId: 1,
        ages: ['4', '6'],
        tags: ['启蒙'],
      }),
    )
    expect(returnToList).toHaveBeenCalledWith(10)
  })

  it('counts the name as the user types, red and invalid past 30 characters, before any save', async () => {
    render(<BookCreatePage target={{ mode: 'create', parentId: 10 }} />)
    const box = await screen.findByRole('textbox', { name: /名称/ })
    await userEvent.type(box, '猫'.repeat(30))
    const counter = screen.getByText('30/30')
    expect(counter.hasAttribute('data-over')).toBe(false)
    expect(box.getAttribute('aria-invalid')).toBeNull()
    await userEvent.type(box, '狗')
    expect(screen.getByText('31/30').hasAttribute('data-over')).toBe(true)
    expect(box.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('名称不能超过30个字')).toBeTruthy()
    expect(add).not.toHaveBeenCalled()
  })

  it('asks for a name inline and sends nothing when it is blank', async () => {
    render(<BookCreatePage target={{ mode: 'create', parentId: 10 }} />)
    await userEvent.type(await screen.findByRole('textbox', { name: /名称/ }), '   ')
    await userEvent.click(screen.getByRole('button', { name: '保存' }))
    expect(screen.getByRole('alert').textContent).toBe('请输入名称')
    expect(add).not.toHaveBeenCalled()
  })

  it('disables 保存 while saving, so a double tap saves once', async () => {
    let finish!: (value: ApiResult<Folder>) => void
    add.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)))
    render(<BookCreatePage target={{ mode: 'create', parentId: 0 }} />)
    await userEvent.type(await screen.findByRole('textbox', { name: /名称/ }), '猫')
    await userEvent.dblClick(screen.getByRole('button', { name: '保存' }))
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true)
    finish(ok({ id: 1 }))
    await waitFor(() => expect(returnToList).toHaveBeenCalled())
    expect(add).toHaveBeenCalledTimes(1)
  })

  it('shows the server error inline and lets the user try again', async () => {
    add.mockResolvedValueOnce(fail('绘本文件夹只能放在根目录或合集文件夹中'))
    render(<BookCreatePage target={{ mode: 'create', parentId: 11 }} />)
    await userEvent.type(await screen.findByRole('textbox', { name: /名称/ }), '猫')
    await userEvent.click(screen.getByRole('button', { name: '保存' }))
    expect((await screen.findByRole('alert')).textContent).toBe('绘本文件夹只能放在根目录或合集文件夹中')
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(false)
    expect(returnToList).not.toHaveBeenCalled()
  })

  it('asks before leaving with unsaved changes and stays on 取消', async () => {
    render(<BookCreatePage target={{ mode: 'create', parentId: 0 }} />)
    await userEvent.type(await screen.findByRole('textbox', { name: /名称/ }), '猫')
    await userEvent.click(screen.getByRole('button', { name: '返回' }))
    const dialog = await screen.findByRole('dialog')
    within(dialog).getByText('修改尚未保存，确定离开吗？')
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }))
    expect(goBackOrClose).not.toHaveBeenCalled()
    expect(nameBox()).toBeTruthy()
  })

  it('asks before leaving on the native back button, and leaves on 离开', async () => {
    render(<BookCreatePage target={{ mode: 'create', parentId: 0 }} />)
    const name = await screen.findByRole('textbox', { name: /名称/ })
    await userEvent.type(name, '猫')
    // Left inside an awaited act: the dialog takes the focus later, outside any act, and user-event's
    // change on that blur is wrapped in a sync act while the lazily loaded dialog is suspended (React
    // would warn of it in the suite's output).
    await act(async () => name.blur())
    // Awaited: the confirmation is a lazily loaded dialog, which suspends while it loads.
    await act(async () => (window as unknown as { onNativeMessage: (m: unknown) => void }).onNativeMessage({ type: 'backClick' }))
    const dialog = await screen.findByRole('dialog')
    within(dialog).getByText('修改尚未保存，确定离开吗？')
    expect(goBackOrClose).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: '离开' }))
    await waitFor(() => expect(goBackOrClose).toHaveBeenCalledOnce())
  })

  it('asks the browser to confirm a reload or close with unsaved changes, and not without', async () => {
    render(<BookCreatePage target={{ mode: 'create', parentId: 0 }} />)
    await screen.findByRole('textbox', { name: /名称/ })
    const clean = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(clean)
    expect(clean.defaultPrevented).toBe(false)
    await userEvent.type(nameBox(), '猫')
    const dirty = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(dirty)
    expect(dirty.defaultPrevented).toBe(true)
  })

  it('leaves without asking when nothing changed', async () => {
    render(<BookCreatePage target={{ mode: 'create', parentId: 0 }} />)
    await screen.findByRole('textbox', { name: /名称/ })
    await userEvent.click(screen.getByRole('button', { name: '返回' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(goBackOrClose).toHaveBeenCalled()
  })

  it('uploads a picked cover, previews it and saves its URL', async () => {
    vi.mocked(uploadFile).mockResolvedValueOnce(ok({ url: '/uploads/cover.png', fileSizeMb: 0.01 }))
    render(<BookCreatePage target={{ mode: 'create', parentId: 0 }} />)
    await userEvent.type(await screen.findByRole('textbox', { name: /名称/ }), '猫')
    await userEvent.upload(screen.getByLabelText('封面'), new File([new Uint8Array([137, 80, 78, 71])], 'c.png', { type: 'image/png' }))
    // Shown from the API's origin (here the page's, a local host), saved as the server gave it.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '封面预览' }).getAttribute('src')).toBe(`${location.origin}/uploads/cover.png`),
    )
    await userEvent.click(screen.getByRole('button', { name: '保存' }))
    await waitFor(() => expect(add).toHaveBeenCalledWith(expect.objectContaining({ imageUrl: '/uploads/cover.png' })))
  })

  describe('with the options kept from the last open (issue 47)', () => {
    const keptOptions = { categories: [{ id: 1, name: '自然拼读' }], ages: ['3', '4'], tags: ['睡前故事'] }
    const keep = () => {
      const { path, params } = getBookCreationOptions.request()
      putKept(path, params, { status: 200, body: ok(keptOptions) })
    }

    it("draws a new folder's form at once, and newer options do not wipe what was typed", async () => {
      keep()
      let answer: (result: ApiResult<unknown>) => void = () => {}
      vi.mocked(getBookCreationOptions).mockReturnValue(new Promise((resolve) => (answer = resolve)) as never)
      render(<BookCreatePage target={{ mode: 'create', parentId: 10 }} />)
      // In the first render: no loading view, the kept tag on screen.
      expect(nameBox()).toBeTruthy()
      expect(screen.getByRole('button', { name: '睡前故事' })).toBeTruthy()
      await userEvent.type(nameBox(), '动物世界')
      await act(async () => answer(ok({ ...keptOptions, tags: ['睡前故事', '动物'] })))
      // The choices follow the answer; the name typed stays.
      expect(await screen.findByRole('button', { name: '动物' })).toBeTruthy()
      expect(nameBox()).toHaveProperty('value', '动物世界')
    })

    it('says nothing when the options cannot be asked again (no network): the kept form stays', async () => {
      keep()
      vi.mocked(getBookCreationOptions).mockResolvedValue(fail('网络错误，请检查您的网络连接'))
      render(<BookCreatePage target={{ mode: 'create', parentId: 10 }} />)
      expect(nameBox()).toBeTruthy()
      await act(async () => {})
      expect(screen.queryByText('网络错误，请检查您的网络连接')).toBeNull()
      expect(screen.getByRole('button', { name: '睡前故事' })).toBeTruthy()
    })

    it('waits for the folder when editing and nothing of it was kept (its own open or its list keeps it: tests/e2e/offline-open.test.ts)', async () => {
      keep()
      let answer: (result: ApiResult<Folder>) => void = () => {}
      vi.mocked(getDirectory).mockReturnValue(new Promise((resolve) => (answer = resolve)) as never)
      render(<BookCreatePage target={{ mode: 'edit', id: 12 }} />)
      expect(screen.queryByRole('textbox', { name: /名称/ })).toBeNull()
      await act(async () => answer(ok<Folder>({ id: 12, parentId: 10, title: '旧名字', rootId: 1, ages: ['3'], tags: [], intro: '' })))
      expect(await screen.findByDisplayValue('旧名字')).toBeTruthy()
    })
  })

  describe('when editing', () => {
    it('fills the form from the folder and saves only its fields', async () => {
      render(<BookCreatePage target={{ mode: 'edit', id: 12 }} />)
      expect(((await screen.findByRole('textbox', { name: /名称/ })) as HTMLInputElement).value).toBe('旧名字')
      expect(screen.getByRole('button', { name: '动物' }).getAttribute('aria-pressed')).toBe('true')
      await userEvent.clear(nameBox())
      await userEvent.type(nameBox(), '新名字')
      await userEvent.click(screen.getByRole('button', { name: '保存' }))
      await waitFor(() =>
        expect(update).toHaveBeenCalledWith({
          id: 12,
          title: '新名字',
          intro: '旧简介',
          imageUrl: '',
          rootId: 1,
          ages: ['3', '5'],
          tags: ['动物'],
        }),
      )
      expect(returnToList).toHaveBeenCalledWith(10)
    })

    it("returns to the list the edit was opened from, the folder's own", async () => {
      render(<BookCreatePage target={{ mode: 'edit', id: 12, listId: 12 }} />)
      await userEvent.type(await screen.findByRole('textbox', { name: /名称/ }), '2')
      await userEvent.click(screen.getByRole('button', { name: '保存' }))
      await waitFor(() => expect(returnToList).toHaveBeenCalledWith(12))
    })

    it('shows 获取数据失败 with 重试 when the folder cannot be read for now', async () => {
      vi.mocked(getDirectory).mockResolvedValueOnce({ ...fail(''), code: 500, result: 'ERROR' })
      render(<BookCreatePage target={{ mode: 'edit', id: 12 }} />)
      await screen.findByRole('button', { name: '重试' })
      expect(screen.getAllByText('获取数据失败')).toHaveLength(1) // in the view only: no toast saying it again
    })

    it('says a folder that is not there (404) with 返回 and no 重试', async () => {
      vi.mocked(getDirectory).mockResolvedValueOnce({ ...fail('文件夹不存在'), code: 404, result: 'NOT_FOUND' })
      render(<BookCreatePage target={{ mode: 'edit', id: 999999 }} />)
      expect(await screen.findAllByText('文件夹不存在')).toHaveLength(1)
      expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
      expect(screen.getAllByRole('button', { name: '返回' }).length).toBeGreaterThan(0)
    })
  })
})
