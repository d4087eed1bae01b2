import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deleteBookCreation } from '@shared/api/delete-book-creation'
import { getDirectory } from '@shared/api/get-directory'
import { moveBookCreation } from '@shared/api/move-book-creation'
import { submitBookCreation } from '@shared/api/update-book-creation'
import type { Folder } from '@shared/api/types'
import { resetEnvForTests } from '@shared/env'
import type { ApiResult } from '@shared/http'
import { BookListPage } from '../../../pages/generate_book/list/book-list-page'
import { installIosHost, removeHost } from '../bridge/fake-host'
import { clearOverlays } from '../components/clear-overlays'
import type * as GetDirectoryModule from '@shared/api/get-directory'

// A mocked sender that still describes its request (the page takes the HTML's early reply by it).
vi.mock('@shared/api/get-directory', async (original) => {
  const { getDirectory: real } = await original<typeof GetDirectoryModule>()
  return { getDirectory: Object.assign(vi.fn(), { request: real.request }) }
})
vi.mock('@shared/api/delete-book-creation', () => ({ deleteBookCreation: vi.fn() }))
vi.mock('@shared/api/move-book-creation', () => ({ moveBookCreation: vi.fn() }))
vi.mock('@shared/api/update-book-creation', () => ({ submitBookCreation: vi.fn() }))

const ok = <T,>(data: T): ApiResult<T> => ({ success: true, data, msg: '请求成功', code: 200, result: 'SUCCESS' })
const fail = (msg: string, code = 500): ApiResult<never> => ({ success: false, data: null, msg, code, result: 'ERROR' })

const books: Folder[] = [
  { id: 101, title: '小猫', type: 0, updateTime: '2024-05-01T08:09:10', childCnt: 0 },
  { id: 102, title: '小狗', type: 0, updateTime: '2024-05-02T08:09:10', childCnt: 0 },
]
const folderOf = (patch: Partial<Folder> = {}): Folder => ({
  id: 11,
  title: '入门绘本',
  type: 1,
  parentType: 2,
  rootTitle: '自然拼读',
  ages: ['3', '6'],
  tags: ['动物'],
  intro: '好看的绘本',
  items: books,
  ...patch,
})

const directory = vi.mocked(getDirectory)
const remove = vi.mocked(deleteBookCreation)
const move = vi.mocked(moveBookCreation)

function send(type: string, data?: unknown) {
  act(() => (window as unknown as { onNativeMessage: (m: unknown) => void }).onNativeMessage({ type, data }))
}

beforeEach(() => {
  vi.clearAllMocks()
  directory.mockResolvedValue(ok(folderOf()))
  remove.mockResolvedValue(ok(null))
  move.mockResolvedValue(ok(null))
})

// Waits for the overlays' exit timers too: one firing after the file's last test would find no window.
afterEach(clearOverlays)

describe('the folder list page', () => {
  it('shows the summary card, the tags line and each child with its update time', async () => {
    render(<BookListPage id={11} />)
    const card = await screen.findByRole('region', { name: '文件夹信息' })
    expect(card.textContent).toContain('自然拼读\u00a0· 3-6岁\u00a0· 动物')
    expect(within(card).getByText('3-6岁').className).toMatch(/nowrap/) // never broken at its hyphen
    within(card).getByText('好看的绘本')
    const rows = screen.getAllByRole('listitem')
    expect(rows.map((row) => within(row).getByText(/小/).textContent)).toEqual(['小猫', '小狗'])
    expect(rows[0]!.textContent).toContain('更新时间 2024-05-01 08:09:10')
    // The date and the clock each stay whole (a large text size may break the line between them).
    expect(within(rows[0]!).getByText('2024-05-01').className).toMatch(/nowrap/)
    expect(within(rows[0]!).getByText('08:09:10').className).toMatch(/nowrap/)
    within(rows[0]!).getByRole('button', { name: '拖动排序' })
  })

  it('shows 获取数据失败 with 重试 when the load fails without a message, and loads again on 重试', async () => {
    directory.mockResolvedValueOnce(fail(''))
    render(<BookListPage id={11} />)
    await screen.findByRole('button', { name: '重试' })
    expect(screen.getAllByText('获取数据失败')).toHaveLength(1) // in the view only: no toast saying it again
    await userEvent.click(screen.getByRole('button', { name: '重试' }))
    await screen.findByText('小猫')
  })

  it('shows the server message when the load fails with one', async () => {
    directory.mockResolvedValueOnce(fail('服务繁忙，请稍后再试', 503))
    render(<BookListPage id={11} />)
    await screen.findByText('服务繁忙，请稍后再试')
    screen.getByRole('button', { name: '重试' })
  })

  it.each([
    [404, '文件夹不存在'],
    [403, '无权查看该文件夹'],
  ])('says a %i (%s) once, with 返回 and no 重试: asking again cannot help', async (code, msg) => {
    directory.mockResolvedValueOnce(fail(msg, code))
    const back = vi.spyOn(history, 'back').mockImplementation(() => {})
    vi.spyOn(history, 'length', 'get').mockReturnValue(2)
    render(<BookListPage id={999999} />)
    expect(await screen.findAllByText(msg)).toHaveLength(1) // in the view, no toast saying it again
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
    const returns = screen.getAllByRole('button', { name: '返回' })
    await userEvent.click(returns[returns.length - 1]!) // the view's, after the header's
    await waitFor(() => expect(back).toHaveBeenCalledTimes(1))
    expect(directory).toHaveBeenCalledTimes(1)
    vi.restoreAllMocks()
  })

  it('says a malformed id names no folder, asks nothing, and never shows the top level instead', async () => {
    window.history.replaceState({}, '', '/generate_book/list?id=abc')
    render(<BookListPage />)
    await screen.findByText('文件夹不存在')
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
    expect(screen.getAllByRole('button', { name: '返回' }).length).toBeGreaterThan(0)
    expect(directory).not.toHaveBeenCalled()
    window.history.replaceState({}, '', '/')
  })

  it('survives a folder whose every field is null', async () => {
    directory.mockResolvedValueOnce(ok({ id: null, title: null, type: null, items: null, ages: null, tags: null } as unknown as Folder))
    render(<BookListPage id={11} />)
    await screen.findByText('暂无内容')
    // A folder of unknown type offers nothing the server might refuse.
    expect(screen.queryByRole('button', { name: '添加绘本' })).toBeNull()
  })

  it('leaves the summary card out on the index', async () => {
    directory.mockResolvedValueOnce(ok(folderOf({ id: 0, type: 0, items: [{ id: 10, title: '合集', type: 2 }] })))
    render(<BookListPage id={0} />)
    await screen.findByText('合集')
    expect(screen.queryByRole('region', { name: '文件夹信息' })).toBeNull()
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull()
  })

  it('offers 添加文件夹 on an index that starts with a type 2 collection, opening the create-method sheet', async () => {
    directory.mockResolvedValueOnce(
      ok(
        folderOf({
          id: 0,
          type: 0,
          items: [
            { id: 10, title: '合集', type: 2 },
            { id: 14, title: '睡前', type: 1 },
          ],
        }),
      ),
    )
    render(<BookListPage id={0} />)
    await userEvent.click(await screen.findByRole('button', { name: '添加文件夹' }))
    within(await screen.findByRole('dialog')).getByRole('button', { name: '手动创建' })
    expect(screen.queryByRole('button', { name: '添加绘本' })).toBeNull()
  })

  describe('in a type 1 folder', () => {
    it('offers 进入绘本 and 返回上一级 under a type 2 folder, without 提交', async () => {
      render(<BookListPage id={11} />)
      await screen.findByRole('button', { name: '进入绘本' })
      screen.getByRole('button', { name: '返回上一级' })
      expect(screen.queryByRole('button', { name: '提交' })).toBeNull()
    })

    it('offers 完成提交 and the header 提交 at the top level', async () => {
      directory.mockResolvedValueOnce(ok(folderOf({ parentType: 0 })))
      render(<BookListPage id={11} />)
      await screen.findByRole('button', { name: '完成提交' })
      screen.getByRole('button', { name: '提交' })
    })

    it('asks before submitting, says 提交成功, then closes the WebView', async () => {
      const host = installIosHost('getUserInfo', 'closeWebview')
      vi.mocked(submitBookCreation).mockResolvedValue(ok(null) as never)
      directory.mockResolvedValueOnce(ok(folderOf({ parentType: 0 })))
      render(<BookListPage id={11} />)
      await userEvent.click(await screen.findByRole('button', { name: '提交' }))
      // Step: cancelling sends nothing.
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }))
      expect(submitBookCreation).not.toHaveBeenCalled()
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      // Step: confirming submits, says so, and closes only after.
      await userEvent.click(screen.getByRole('button', { name: '完成提交' }))
      const dialog = await screen.findByRole('dialog')
      expect(dialog.textContent).toContain('确认提交吗？')
      await userEvent.click(within(dialog).getByRole('button', { name: '提交' }))
      expect((await screen.findByRole('alert')).textContent).toBe('提交成功')
      expect(submitBookCreation).toHaveBeenCalledWith(11)
      expect(host.closeWebview).not.toHaveBeenCalled()
      await waitFor(() => expect(host.closeWebview).toHaveBeenCalledOnce(), { timeout: 3000 })
      removeHost()
    })
  })

  describe('deleting a child', () => {
    it('asks with the plain text for an item without children, then deletes, toasts 已删除 and reloads', async () => {
      render(<BookListPage id={11} />)
      const row = (await screen.findByText('小猫')).closest('li')!
      await userEvent.click(within(row).getByRole('button', { name: '删除' }))
      const dialog = await screen.findByRole('dialog')
      within(dialog).getByText('确认删除“小猫”吗？')
      await userEvent.click(within(dialog).getByRole('button', { name: '删除' }))
      await waitFor(() => expect(remove).toHaveBeenCalledWith(101))
      await screen.findByText('已删除')
      expect(directory).toHaveBeenCalledTimes(2)
    })

    it('names the file count for a folder with children', async () => {
      directory.mockResolvedValueOnce(ok(folderOf({ items: [{ id: 13, title: '空', type: 1, childCnt: 4 }] })))
      render(<BookListPage id={11} />)
      const row = (await screen.findByText('空')).closest('li')!
      await userEvent.click(within(row).getByRole('button', { name: '删除' }))
      await screen.findByText('“空”中包含4个文件，确认删除吗？')
    })

    it('names the one file of a folder with a single child', async () => {
      directory.mockResolvedValueOnce(ok(folderOf({ items: [{ id: 14, title: '一本', type: 1, childCnt: 1 }] })))
      render(<BookListPage id={11} />)
      const row = (await screen.findByText('一本')).closest('li')!
      await userEvent.click(within(row).getByRole('button', { name: '删除' }))
      within(await screen.findByRole('dialog')).getByText('“一本”中包含1个文件，确认删除吗？')
    })

    it('names an item without a name 未命名 in the confirm, as its row does', async () => {
      directory.mockResolvedValueOnce(ok(folderOf({ items: [{ id: 15, title: '', type: 0 }] })))
      render(<BookListPage id={11} />)
      const row = (await screen.findByText('未命名')).closest('li')!
      await userEvent.click(within(row).getByRole('button', { name: '删除' }))
      within(await screen.findByRole('dialog')).getByText('确认删除“未命名”吗？')
    })

    it('sends nothing when cancelled', async () => {
      render(<BookListPage id={11} />)
      const row = (await screen.findByText('小猫')).closest('li')!
      await userEvent.click(within(row).getByRole('button', { name: '删除' }))
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }))
      expect(remove).not.toHaveBeenCalled()
    })

    it('opens one dialog and sends one request for a double tap', async () => {
      render(<BookListPage id={11} />)
      const button = within((await screen.findByText('小猫')).closest('li')!).getByRole('button', { name: '删除' })
      await userEvent.dblClick(button)
      expect(await screen.findAllByRole('dialog')).toHaveLength(1)
      await userEvent.dblClick(within(screen.getByRole('dialog')).getByRole('button', { name: '删除' }))
      await waitFor(() => expect(remove).toHaveBeenCalledTimes(1))
    })

    it('toasts 删除失败，请稍后重试 when the server gives no message', async () => {
      remove.mockResolvedValueOnce(fail('请求失败'))
      render(<BookListPage id={11} />)
      await userEvent.click(within((await screen.findByText('小猫')).closest('li')!).getByRole('button', { name: '删除' }))
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '删除' }))
      await screen.findByText('删除失败，请稍后重试')
    })
  })

  it('saves a keyboard reorder from the handle with all child ids', async () => {
    render(<BookListPage id={11} />)
    const handle = within((await screen.findByText('小猫')).closest('li')!).getByRole('button', { name: '拖动排序' })
    handle.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getAllByRole('listitem').map((row) => row.textContent?.slice(0, 2))).toEqual(['小狗', '小猫'])
    await waitFor(() => expect(move).toHaveBeenCalledWith(11, [102, 101]))
  })

  it('keeps a drag made while a reload is out instead of the older order it answers with', async () => {
    render(<BookListPage id={11} />)
    const handle = within((await screen.findByText('小猫')).closest('li')!).getByRole('button', { name: '拖动排序' })
    let answer!: (value: ApiResult<Folder>) => void
    directory.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    send('visibleChange', { result: true })
    await waitFor(() => expect(directory).toHaveBeenCalledTimes(2))
    handle.focus()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(move).toHaveBeenCalledWith(11, [102, 101]))
    directory.mockResolvedValue(ok(folderOf({ items: [books[1]!, books[0]!] }))) // the server after the save
    await act(async () => answer(ok(folderOf()))) // read before the save: the old order
    await waitFor(() => expect(directory).toHaveBeenCalledTimes(3))
    expect(screen.getAllByRole('listitem').map((row) => row.textContent?.slice(0, 2))).toEqual(['小狗', '小猫'])
  })

  it('says a failed reorder was not saved, logs it, and shows the server order again', async () => {
    move.mockResolvedValueOnce(fail('排序失败'))
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(<BookListPage id={11} />)
    const handle = within((await screen.findByText('小猫')).closest('li')!).getByRole('button', { name: '拖动排序' })
    handle.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect((await screen.findByRole('alert')).textContent).toBe('排序保存失败，已恢复原来的顺序')
    expect(error).toHaveBeenCalledWith(expect.stringContaining('move failed'), expect.objectContaining({ msg: '排序失败' }))
    // The server still has the old order: the list shows it again.
    await waitFor(() => expect(screen.getAllByRole('listitem').map((row) => row.textContent?.slice(0, 2))).toEqual(['小猫', '小狗']))
    expect(directory).toHaveBeenCalledTimes(2)
  })

  it('reloads on a visibleChange with a truthy result only', async () => {
    render(<BookListPage id={11} />)
    await screen.findByText('小猫')
    send('visibleChange', { result: false })
    expect(directory).toHaveBeenCalledTimes(1)
    directory.mockResolvedValueOnce(ok(folderOf({ items: [books[1]!] })))
    send('visibleChange', { result: true })
    await waitFor(() => expect(screen.queryByText('小猫')).toBeNull())
  })

  it('reloads when the browser shows it again from its back/forward cache (pageshow persisted), and only then', async () => {
    render(<BookListPage id={11} />)
    await screen.findByText('小猫')
    const pageshow = (persisted: boolean) => act(() => void window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted })))
    pageshow(false)
    expect(directory).toHaveBeenCalledTimes(1)
    // Back from the cloud-drive import: the list must show the imported books at once.
    directory.mockResolvedValueOnce(ok(folderOf({ items: [...books, { id: 103, title: 'The Little Red Hen', type: 0 }] })))
    pageshow(true)
    expect(await screen.findByText('The Little Red Hen')).toBeTruthy()
    expect(directory).toHaveBeenCalledTimes(2)
  })

  it('toasts 请在App内操作 when 拍照 is chosen outside the app', async () => {
    render(<BookListPage id={11} />)
    await userEvent.click(await screen.findByRole('button', { name: '进入绘本' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '拍照' }))
    await screen.findByText('请在App内操作')
  })

  describe('leaving and going elsewhere', () => {
    // The page drops a second tap within a short window; each test starts well after the last one's taps.
    let now = Date.now()
    beforeEach(() => {
      now += 60_000
      vi.spyOn(Date, 'now').mockImplementation(() => now)
      resetEnvForTests()
    })
    afterEach(() => {
      removeHost()
      resetEnvForTests()
    })

    const appVersion = (version: string | null) =>
      vi
        .spyOn(navigator, 'userAgent', 'get')
        .mockReturnValue(`Mozilla/5.0 (Linux; Android 14) com.kidsenglish.app${version ? ` version_${version}` : ''}`)

    it('goes back once for a double tap on 返回上一级', async () => {
      directory.mockResolvedValueOnce(ok(folderOf({ parentId: 10 })))
      vi.spyOn(document, 'referrer', 'get').mockReturnValue(`${location.origin}/generate_book/list?id=10`)
      vi.spyOn(history, 'length', 'get').mockReturnValue(3)
      const back = vi.spyOn(history, 'back').mockImplementation(() => {})
      render(<BookListPage id={11} />)
      await userEvent.dblClick(await screen.findByRole('button', { name: '返回上一级' }))
      expect(back).toHaveBeenCalledOnce()
    })

    it('replaces the page with the parent list once for a double tap on 返回上一级 without a referrer', async () => {
      directory.mockResolvedValueOnce(ok(folderOf({ parentId: 10 })))
      const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => {})
      render(<BookListPage id={11} />)
      await userEvent.dblClick(await screen.findByRole('button', { name: '返回上一级' }))
      expect(replace).toHaveBeenCalledOnce()
      expect(replace).toHaveBeenCalledWith('/generate_book/list?id=10')
    })

    it('goes back once for a double tap on the header back', async () => {
      vi.spyOn(history, 'length', 'get').mockReturnValue(3)
      const back = vi.spyOn(history, 'back').mockImplementation(() => {})
      render(<BookListPage id={11} />)
      await screen.findByText('小猫')
      await userEvent.dblClick(screen.getByRole('button', { name: '返回' }))
      expect(back).toHaveBeenCalledOnce()
    })

    it('closes the WebView on the native back button when there is no history', async () => {
      vi.spyOn(history, 'length', 'get').mockReturnValue(1)
      const back = vi.spyOn(history, 'back').mockImplementation(() => {})
      const host = installIosHost('closeWebview')
      render(<BookListPage id={11} />)
      await screen.findByText('小猫')
      send('backClick')
      expect(host.closeWebview).toHaveBeenCalledWith({ sourceFrom: 'h5' })
      expect(back).not.toHaveBeenCalled()
    })

    it('edits the folder from its summary card, saying this list opened the edit', async () => {
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
      render(<BookListPage id={11} />)
      await userEvent.click(within(await screen.findByRole('region', { name: '文件夹信息' })).getByRole('button', { name: '编辑' }))
      expect(assign).toHaveBeenCalledWith('/generate_book/create?id=11&listId=11')
    })

    it('edits a child from its row, saying this list opened the edit', async () => {
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
      render(<BookListPage id={11} />)
      await userEvent.click(within((await screen.findByText('小猫')).closest('li')!).getByRole('button', { name: '编辑' }))
      expect(assign).toHaveBeenCalledWith('/generate_book/create?id=101&listId=11')
    })

    it('opens the cloud-drive upload for this folder from 百度网盘上传', async () => {
      appVersion('2.12.0')
      directory.mockResolvedValueOnce(ok(folderOf({ items: [] })))
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
      render(<BookListPage id={13} />)
      await userEvent.click(await screen.findByRole('button', { name: '进入绘本' }))
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '百度网盘上传' }))
      expect(assign).toHaveBeenCalledWith('/self_service_baidu?from=generate_book&albumId=13&supportSuffix=pdf')
    })

    it('opens the cloud-drive import under this folder from 网盘导入', async () => {
      appVersion('2.12.0')
      directory.mockResolvedValueOnce(ok(folderOf({ type: 2, parentType: 0, items: [{ id: 11, title: '入门绘本', type: 1 }] })))
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
      render(<BookListPage id={10} />)
      await userEvent.click(await screen.findByRole('button', { name: '添加文件夹' }))
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '网盘导入' }))
      expect(assign).toHaveBeenCalledWith('/self_service_baidu?from=generate_book&parentId=10&supportSuffix=pdf')
    })

    it('offers 百度网盘上传 when the app version is unknown', async () => {
      appVersion(null)
      render(<BookListPage id={11} />)
      await userEvent.click(await screen.findByRole('button', { name: '进入绘本' }))
      within(await screen.findByRole('dialog')).getByRole('button', { name: '百度网盘上传' })
    })

    it('leaves 百度网盘上传 out for app version 2.11.9', async () => {
      appVersion('2.11.9')
      render(<BookListPage id={11} />)
      await userEvent.click(await screen.findByRole('button', { name: '进入绘本' }))
      const sheet = await screen.findByRole('dialog')
      expect(
        within(sheet)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['拍照', '本地PDF文件', '取消'])
    })
  })
})
