import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CloudFile } from '@shared/api/cloud-drive-types'
import { getCloudDriveFiles } from '@shared/api/get-cloud-drive-files'
import { getCloudDriveImport } from '@shared/api/get-cloud-drive-import'
import { getCloudDriveStatus } from '@shared/api/get-cloud-drive-status'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { startCloudDriveImport } from '@shared/api/start-cloud-drive-import'
import page from '../../../../pages/self_service_baidu/page'
import { SelfServiceBaiduPage } from '../../../../pages/self_service_baidu/self-service-baidu-page'
import { installIosHost, removeHost, sendFromHost } from '../../bridge/fake-host'
import { clearOverlays } from '../../components/clear-overlays'
import { failed, ok } from '../support/api-results'
import type * as GetCloudDriveStatusModule from '@shared/api/get-cloud-drive-status'
import type * as GetCloudDriveFilesModule from '@shared/api/get-cloud-drive-files'
import type * as GetMyCapacityModule from '@shared/api/get-my-capacity'

// A mocked sender that still describes its request (the page takes the HTML's early reply by it).
vi.mock('@shared/api/get-cloud-drive-status', async (original) => {
  const { getCloudDriveStatus: real } = await original<typeof GetCloudDriveStatusModule>()
  return { getCloudDriveStatus: Object.assign(vi.fn(), { request: real.request }) }
})
vi.mock('@shared/api/get-cloud-drive-files', async (original) => {
  const { getCloudDriveFiles: real } = await original<typeof GetCloudDriveFilesModule>()
  return { getCloudDriveFiles: Object.assign(vi.fn(), { request: real.request }) }
})
vi.mock('@shared/api/start-cloud-drive-import', () => ({ startCloudDriveImport: vi.fn() }))
vi.mock('@shared/api/get-cloud-drive-import', () => ({ getCloudDriveImport: vi.fn() }))
vi.mock('@shared/api/get-my-capacity', async (original) => {
  const { getMyCapacity: real } = await original<typeof GetMyCapacityModule>()
  return { getMyCapacity: Object.assign(vi.fn(), { request: real.request }) }
})

const MB = 1024 * 1024
const ALBUM = page.parse('?from=generate_book&albumId=5&supportSuffix=pdf')
const PARENT = page.parse('?from=generate_book&parentId=0&supportSuffix=pdf')
const ROOT: CloudFile[] = [
  { fsId: 'd1', name: '动物绘本', isDir: true, size: 0, mtime: '2024-04-01T10:00:00' },
  { fsId: 'f1', name: 'The Cat.pdf', isDir: false, size: 3 * MB, mtime: '2024-05-01T08:30:00' },
  { fsId: 'f2', name: 'notes.txt', isDir: false, size: 10, mtime: '2024-05-01T08:30:00' },
]

const files = vi.mocked(getCloudDriveFiles)

beforeEach(() => {
  vi.clearAllMocks()
  installIosHost('getUserInfo', 'baiduAuthorize')
  vi.mocked(getCloudDriveStatus).mockResolvedValue(ok({ authorized: true, accountName: '小象妈妈' }))
  files.mockResolvedValue(ok({ dir: '/', parent: null, items: ROOT, hasMore: false }))
  vi.mocked(getMyCapacity).mockResolvedValue(ok({ total: 1024, used: 100 }))
  vi.mocked(startCloudDriveImport).mockResolvedValue(ok({ jobId: 'j1' }))
  vi.mocked(getCloudDriveImport).mockResolvedValue(ok({ status: 'running', done: 0, total: 1, createdIds: [], failed: [] }))
})

afterEach(async () => {
  await clearOverlays()
  removeHost()
})

describe('the cloud-drive page in albumId mode', () => {
  it('lists folders as buttons and files of the suffix as checkboxes with size and time, never other files', async () => {
    render(<SelfServiceBaiduPage query={ALBUM} />)
    expect(await screen.findByText('已授权：小象妈妈')).toBeTruthy()
    expect(screen.getByRole('button', { name: '动物绘本' })).toBeTruthy()
    const cat = screen.getByRole('checkbox', { name: 'The Cat.pdf' })
    const row = cat.closest('li')!
    expect(within(row).getByText('3MB')).toBeTruthy()
    expect(within(row).getByText('2024-05-01 08:30')).toBeTruthy()
    expect(screen.queryByText('notes.txt')).toBeNull()
    expect(screen.getByRole('button', { name: '全部文件' })).toBeTruthy()
  })

  it('counts the picks and enables 导入 only with one', async () => {
    render(<SelfServiceBaiduPage query={ALBUM} />)
    const importButton = await screen.findByRole('button', { name: '导入' })
    expect(screen.getByText('已选0项')).toBeTruthy()
    expect((importButton as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('checkbox', { name: 'The Cat.pdf' }))
    expect(screen.getByText('已选1项')).toBeTruthy()
    expect((importButton as HTMLButtonElement).disabled).toBe(false)
  })

  it('opens a folder, shows it in the path bar, and returns to 全部文件', async () => {
    render(<SelfServiceBaiduPage query={ALBUM} />)
    const folder = await screen.findByRole('button', { name: '动物绘本' })
    files.mockResolvedValueOnce(ok({ dir: '/动物绘本', parent: '/', items: [], hasMore: false }))
    await userEvent.click(folder)
    expect(await screen.findByText('此文件夹中没有PDF文件')).toBeTruthy()
    expect(files).toHaveBeenLastCalledWith({ dir: '/动物绘本', suffix: 'pdf', start: 0, limit: 100 })
    const path = screen.getByRole('navigation', { name: '路径' })
    expect(within(path).getByRole('button', { name: '动物绘本' }).getAttribute('aria-current')).toBe('page')
    await userEvent.click(within(path).getByRole('button', { name: '全部文件' }))
    expect(await screen.findByRole('checkbox', { name: 'The Cat.pdf' })).toBeTruthy()
  })

  it('shows 空间不足 with 去扩容 when the picked files do not fit, and sends nothing', async () => {
    vi.mocked(getMyCapacity).mockResolvedValue(ok({ total: 1024, used: 1022 }))
    render(<SelfServiceBaiduPage query={ALBUM} />)
    await userEvent.click(await screen.findByRole('checkbox', { name: 'The Cat.pdf' }))
    await userEvent.click(screen.getByRole('button', { name: '导入' }))
    const dialog = await screen.findByRole('dialog', { name: '空间不足' })
    expect(within(dialog).getByRole('button', { name: '去扩容' })).toBeTruthy()
    expect(startCloudDriveImport).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByText('已选1项')).toBeTruthy()
  })

  it('shows the job as a progress bar named 导入进度', async () => {
    render(<SelfServiceBaiduPage query={ALBUM} />)
    await userEvent.click(await screen.findByRole('checkbox', { name: 'The Cat.pdf' }))
    await userEvent.click(screen.getByRole('button', { name: '导入' }))
    const bar = await screen.findByRole('progressbar', { name: '导入进度' })
    expect(bar.getAttribute('aria-valuemax')).toBe('1')
    expect(screen.getByText('正在导入 0/1')).toBeTruthy()
    expect(startCloudDriveImport).toHaveBeenCalledWith(['f1'], { albumId: 5 })
  })

  it('lists the files that failed by name after a partial import', async () => {
    vi.mocked(getCloudDriveImport).mockResolvedValue(
      ok({ status: 'done', done: 1, total: 1, createdIds: [], failed: [{ name: 'The Cat.pdf', msg: '文件读取失败' }] }),
    )
    render(<SelfServiceBaiduPage query={ALBUM} />)
    await userEvent.click(await screen.findByRole('checkbox', { name: 'The Cat.pdf' }))
    await userEvent.click(screen.getByRole('button', { name: '导入' }))
    expect(await screen.findByRole('heading', { name: '1个文件导入失败' }, { timeout: 3000 })).toBeTruthy()
    const list = screen.getByRole('list', { name: '导入失败的文件' })
    expect(within(list).getByText('The Cat.pdf')).toBeTruthy()
    expect(within(list).getByText('文件读取失败')).toBeTruthy()
    expect(screen.getByRole('button', { name: '返回列表' })).toBeTruthy()
  })

  it('shows a failed listing with a 重试 that loads it again', async () => {
    files.mockResolvedValueOnce(failed('请求失败'))
    render(<SelfServiceBaiduPage query={ALBUM} />)
    await userEvent.click(await screen.findByRole('button', { name: '重试' }))
    expect(await screen.findByRole('checkbox', { name: 'The Cat.pdf' })).toBeTruthy()
  })

  it('survives hostile rows: null fields and a huge name', async () => {
    const huge = `${'很长的名字'.repeat(2000)}.pdf`
    files.mockResolvedValue(
      ok({
        dir: '/',
        parent: null,
        items: [null, { fsId: 'x', name: huge, isDir: null, size: null, mtime: null }, { name: 'no id.pdf' }] as never,
        hasMore: null,
      }),
    )
    render(<SelfServiceBaiduPage query={ALBUM} />)
    expect(await screen.findByRole('checkbox', { name: huge })).toBeTruthy()
    expect(screen.queryByText('no id.pdf')).toBeNull()
  })
})

describe('the cloud-drive page in parentId mode', () => {
  it('makes folders the checkboxes, each with its own 打开, and shows files without a checkbox', async () => {
    render(<SelfServiceBaiduPage query={PARENT} />)
    const folder = await screen.findByRole('checkbox', { name: '动物绘本' })
    expect(within(folder.closest('li')!).getByRole('button', { name: '打开' })).toBeTruthy()
    expect(screen.getByText('The Cat.pdf')).toBeTruthy()
    expect(screen.queryByRole('checkbox', { name: 'The Cat.pdf' })).toBeNull()
    await userEvent.click(folder)
    await userEvent.click(screen.getByRole('button', { name: '导入' }))
    await screen.findByRole('progressbar', { name: '导入进度' })
    expect(startCloudDriveImport).toHaveBeenCalledWith(['d1'], { parentId: 0 })
  })

  it('shows the server refusing with 409 CAPACITY as 空间不足', async () => {
    vi.mocked(startCloudDriveImport).mockResolvedValue(failed('空间不足', 409, 'CAPACITY'))
    render(<SelfServiceBaiduPage query={PARENT} />)
    await userEvent.click(await screen.findByRole('checkbox', { name: '动物绘本' }))
    await userEvent.click(screen.getByRole('button', { name: '导入' }))
    expect(await screen.findByRole('dialog', { name: '空间不足' })).toBeTruthy()
  })
})

describe('the authorize step', () => {
  it('calls baiduAuthorize, and shows the drive once visibleChange brings the page back authorized', async () => {
    const host = installIosHost('getUserInfo', 'baiduAuthorize')
    vi.mocked(getCloudDriveStatus).mockResolvedValueOnce(ok({ authorized: false, accountName: '' }))
    render(<SelfServiceBaiduPage query={ALBUM} />)
    expect(await screen.findByText('授权百度网盘后，可直接导入网盘中的PDF绘本')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: '授权百度网盘' }))
    expect(host.baiduAuthorize).toHaveBeenCalledWith({})
    act(() => sendFromHost({ type: 'visibleChange', data: { result: true } }))
    expect(await screen.findByText('已授权：小象妈妈')).toBeTruthy()
  })

  it('comes back with its toast when the grant expires while browsing', async () => {
    files.mockResolvedValueOnce(failed('百度网盘授权已过期，请重新授权', 403, 'CLOUD_AUTH_EXPIRED'))
    render(<SelfServiceBaiduPage query={ALBUM} />)
    expect(await screen.findByRole('button', { name: '授权百度网盘' })).toBeTruthy()
    expect(await screen.findByText('百度网盘授权已过期，请重新授权')).toBeTruthy()
  })
})

describe('the native back button', () => {
  it('closes the WebView when the page is the first in its history', async () => {
    const host = installIosHost('getUserInfo', 'baiduAuthorize', 'closeWebview')
    render(<SelfServiceBaiduPage query={ALBUM} />)
    await screen.findByText('已授权：小象妈妈')
    expect(history.length).toBe(1)
    act(() => sendFromHost({ type: 'backClick' }))
    expect(host.closeWebview).toHaveBeenCalledTimes(1)
  })
})

describe('a bad link', () => {
  it.each(['?from=generate_book', '?albumId=1&parentId=2', '?albumId=abc'])('explains %s instead of loading', async (search) => {
    render(<SelfServiceBaiduPage query={page.parse(search)} />)
    expect(screen.getByRole('heading', { name: '链接参数有误' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '返回上一页' })).toBeTruthy()
    expect(getCloudDriveStatus).not.toHaveBeenCalled()
  })
})
