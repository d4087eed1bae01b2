import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiResult } from '@shared/http'
import type { ShareData } from '@shared/api/types'
import { getShare } from '@shared/api/get-share'
import { startBridge } from '@shared/bridge'
import { RecordedWorkPage } from '@shared/recorded-work/recorded-work-page'
import { stubPlayerGlobals } from './support/fake-audio'
import { installAndroidHost, removeHost, sendFromHost } from '../bridge/fake-host'
import { clearOverlays } from '../components/clear-overlays'

// The endpoint's own `request` stays real: the page asks it which early reply is its own.
vi.mock('@shared/api/get-share', () => ({
  getShare: Object.assign(vi.fn(), { request: (r: string) => ({ path: '/v1/share/uar', params: { r } }) }),
}))

const ok = (data: unknown): ApiResult<ShareData> => ({
  success: true,
  data: data as ShareData,
  msg: '请求成功',
  code: 200,
  result: 'SUCCESS',
})
const failed = (msg: string, code = 500): ApiResult<ShareData> => ({ success: false, data: null, msg, code, result: 'ERROR' })
const notFound = (): ApiResult<ShareData> => ({ success: false, data: null, msg: '分享内容不存在或已失效', code: 404, result: 'NOT_FOUND' })

const XSS = '<img src=x onerror="window.__xss=1">'

const BOOK = {
  title: 'The Cat',
  intro: '一只小猫的故事',
  tags: ['动物'],
  userInviter: { nickName: '小米妈妈', inviterCode: 'XMMM2025' },
  items: [
    { contentEn: 'A cat.', imageUrl: '/p1.png', mediaUrl: '/p1.mp3', audioRecord: { mediaUrl: '/r1.mp3', suggestedScore: 90 } },
    { contentEn: 'It naps.', imageUrl: '/p2.png', mediaUrl: '/p2.mp3', audioRecord: { mediaUrl: '/r2.mp3', suggestedScore: 40 } },
  ],
}

function openAt(search: string) {
  window.history.replaceState({}, '', `/recorded_share${search}`)
}

beforeEach(stubPlayerGlobals)

afterEach(async () => {
  await clearOverlays()
  vi.unstubAllGlobals()
  vi.mocked(getShare).mockReset()
  removeHost()
})

describe('loading a share', () => {
  it('says the share does not exist, with one 打开App and no 重试, and sends no request when r is missing', () => {
    openAt('')
    render(<RecordedWorkPage variant="auto" />)
    expect(screen.getByText('分享内容不存在或已失效')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
    expect(screen.getAllByRole('button', { name: '打开App' })).toHaveLength(1)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(getShare).not.toHaveBeenCalled()
  })

  it("says the share does not exist in the view, toasts the server's message, and offers one 打开App and no 重试, on a 404", async () => {
    openAt('?r=nope')
    vi.mocked(getShare).mockResolvedValue({ ...notFound(), msg: '该作品已被作者删除' })
    render(<RecordedWorkPage variant="auto" />)
    expect(await screen.findByText('分享内容不存在或已失效')).toBeTruthy()
    expect((await screen.findByRole('alert')).textContent).toBe('该作品已被作者删除')
    expect(screen.getAllByRole('button', { name: '打开App' })).toHaveLength(1)
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull()
    expect(getShare).toHaveBeenCalledWith('nope')
  })

  it('toasts nothing on a 404 that carries no message of its own', async () => {
    openAt('?r=nope')
    vi.mocked(getShare).mockResolvedValue({ ...notFound(), msg: '' })
    render(<RecordedWorkPage variant="auto" />)
    expect(await screen.findByText('分享内容不存在或已失效')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('offers 返回 instead of 打开App on a missing share in the app: back, or close the WebView when it is the first page', async () => {
    const host = installAndroidHost('getUserInfo', 'closeWebview')
    openAt('?r=nope')
    vi.mocked(getShare).mockResolvedValue(notFound())
    render(<RecordedWorkPage variant="auto" />)
    expect(await screen.findByText('分享内容不存在或已失效')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '打开App' })).toBeNull()
    const length = vi.spyOn(history, 'length', 'get').mockReturnValue(3)
    const back = vi.spyOn(history, 'back').mockImplementation(() => {})
    await userEvent.click(screen.getByRole('button', { name: '返回' }))
    expect(back).toHaveBeenCalledTimes(1)
    length.mockReturnValue(1)
    await userEvent.click(screen.getByRole('button', { name: '返回' }))
    expect(host.closeWebview).toHaveBeenCalledTimes(1)
  })

  it('shows 加载失败 with 重试 and toasts the reason when the server fails otherwise', async () => {
    openAt('?r=demo-book')
    vi.mocked(getShare).mockResolvedValue(failed('网络错误，请检查您的网络连接'))
    render(<RecordedWorkPage variant="auto" />)
    expect(await screen.findByText('加载失败')).toBeTruthy()
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('网络错误，请检查您的网络连接')
  })

  it('does not toast what the view already says', async () => {
    openAt('?r=demo-book')
    vi.mocked(getShare).mockResolvedValue(failed('加载失败'))
    render(<RecordedWorkPage variant="auto" />)
    expect(await screen.findByText('加载失败')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('loads again on 重试', async () => {
    openAt('?r=demo-book')
    vi.mocked(getShare).mockResolvedValueOnce(failed('服务器错误')).mockResolvedValueOnce(ok(BOOK))
    render(<RecordedWorkPage variant="auto" />)
    await userEvent.click(await screen.findByRole('button', { name: '重试' }))
    await screen.findByRole('button', { name: '开始欣赏《The Cat》' })
    expect(getShare).toHaveBeenCalledTimes(2)
  })

  it('titles the page with the title query, else with the inviter nickname', async () => {
    vi.mocked(getShare).mockResolvedValue(ok(BOOK))
    openAt('?r=demo-book')
    const { unmount } = render(<RecordedWorkPage variant="auto" />)
    await screen.findByRole('heading', { level: 1, name: '小米妈妈的录音作品' })
    unmount()
    openAt('?r=demo-book&title=%E5%A6%88%E5%A6%88%E7%9A%84%E4%BD%9C%E5%93%81')
    render(<RecordedWorkPage variant="auto" />)
    await screen.findByRole('heading', { level: 1, name: '妈妈的作品' })
  })

  it('shows the back button on the cover only with isNeedBackWeb=1', async () => {
    vi.mocked(getShare).mockResolvedValue(ok(BOOK))
    openAt('?r=demo-book')
    const { unmount } = render(<RecordedWorkPage variant="auto" />)
    await screen.findByRole('button', { name: '开始欣赏《The Cat》' })
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull()
    unmount()
    openAt('?r=demo-book&isNeedBackWeb=1')
    render(<RecordedWorkPage variant="auto" />)
    await screen.findByRole('button', { name: '开始欣赏《The Cat》' })
    screen.getByRole('button', { name: '返回' })
  })

  it("draws the cover in its first render when the HTML's early request is already in, and asks nothing more", () => {
    const key = 'GET /v1/share/uar?r=demo-book'
    const reply = { status: 200, body: { result: 'SUCCESS', msg: '', data: BOOK } }
    const w = window as unknown as Record<string, Record<string, unknown> | undefined>
    w.__kidsPrefetch = { [key]: Promise.resolve(reply) }
    w.__kidsPrefetchSettled = { [key]: reply }
    openAt('?r=demo-book')
    try {
      render(<RecordedWorkPage variant="auto" />)
      expect(screen.getByRole('button', { name: '开始欣赏《The Cat》' })).toBeTruthy()
      // The cover drawn before the viewer is named like the viewer's first slide.
      expect(screen.getByRole('group', { name: '封面' })).toBeTruthy()
      expect(screen.queryByRole('status', { name: '加载中' })).toBeNull()
      expect(getShare).not.toHaveBeenCalled()
    } finally {
      delete w.__kidsPrefetch
      delete w.__kidsPrefetchSettled
    }
  })

  it('renders a share whose every field is null', async () => {
    vi.mocked(getShare).mockResolvedValue(
      ok({ title: null, intro: null, imageUrl: null, tags: null, categories: null, userInviter: null, items: null, words: null }),
    )
    openAt('?r=empty')
    render(<RecordedWorkPage variant="auto" />)
    const start = await screen.findByRole('button', { name: '开始欣赏《》' })
    expect((start as HTMLButtonElement).disabled).toBe(true)
  })

  it('renders hostile text as text', async () => {
    vi.mocked(getShare).mockResolvedValue(
      ok({ ...BOOK, title: XSS, intro: XSS, tags: [XSS], items: [{ contentEn: XSS, audioRecord: { mediaUrl: '/r.mp3' } }] }),
    )
    openAt('?r=xss')
    render(<RecordedWorkPage variant="auto" />)
    await screen.findByRole('button', { name: `开始欣赏《${XSS}》` })
    expect(document.querySelector('img[src="x"]')).toBeNull()
    expect(screen.getAllByText(XSS).length).toBeGreaterThanOrEqual(3)
  })
})

describe('the download bar before the work is shown', () => {
  const bar = () => screen.queryByRole('button', { name: '下载App' })

  it('invites a browser visitor in while the share loads', () => {
    vi.mocked(getShare).mockReturnValue(new Promise(() => {}))
    openAt('?r=demo-book')
    render(<RecordedWorkPage variant="auto" />)
    screen.getByRole('status', { name: '加载中' })
    expect(bar()).toBeTruthy()
  })

  it('invites a browser visitor in on the error view', async () => {
    vi.mocked(getShare).mockResolvedValue(failed('请求失败'))
    openAt('?r=nope')
    render(<RecordedWorkPage variant="auto" />)
    await screen.findByRole('button', { name: '重试' })
    screen.getByText('下载App，和孩子一起学英语')
    expect(bar()).toBeTruthy()
  })

  it('is not shown in the app, loading or failed', async () => {
    installAndroidHost('getUserInfo')
    vi.mocked(getShare).mockResolvedValue(failed('请求失败'))
    openAt('?r=nope')
    render(<RecordedWorkPage variant="auto" />)
    expect(bar()).toBeNull()
    await screen.findByRole('button', { name: '重试' })
    expect(bar()).toBeNull()
  })
})

describe('the cover', () => {
  it('lists every sentence with its stars and plays only the tapped one', async () => {
    vi.mocked(getShare).mockResolvedValue(ok(BOOK))
    openAt('?r=demo-book')
    render(<RecordedWorkPage variant="auto" />)
    const list = await screen.findByRole('list', { name: '录音列表' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual(['A cat.', 'It naps.'])
    within(list).getByRole('img', { name: '3星' })
    within(list).getByRole('img', { name: '1星' })
    await userEvent.click(within(rows[1]!).getByRole('button', { name: '播放' }))
    within(rows[1]!).getByRole('button', { name: '暂停' })
    // Only that recording: the cover stays, no top bar, no page turn.
    expect(screen.queryByRole('checkbox', { name: '自动翻页' })).toBeNull()
  })

  it('starts on the first page with the top bar after the start button', async () => {
    vi.mocked(getShare).mockResolvedValue(ok(BOOK))
    openAt('?r=demo-book')
    render(<RecordedWorkPage variant="auto" />)
    await userEvent.click(await screen.findByRole('button', { name: '开始欣赏《The Cat》' }))
    const onScreen = () => within(screen.getByRole('group', { name: /^(封面|\d+\/\d+|欣赏结束)$/ }))
    await waitFor(() => expect(onScreen().getByText('1/2')).toBeTruthy())
    expect((screen.getByRole('checkbox', { name: '自动翻页' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: '原声' }) as HTMLInputElement).checked).toBe(true)
    screen.getByRole('button', { name: '暂停' })
  })
})

describe('the native back button', () => {
  // As mountPage does: the page's window.onNativeMessage is installed before the first render.
  beforeEach(() => startBridge())

  it('closes the WebView when the share page is the first of its history', async () => {
    const host = installAndroidHost('getUserInfo', 'closeWebview')
    vi.spyOn(history, 'length', 'get').mockReturnValue(1)
    vi.mocked(getShare).mockResolvedValue(ok(BOOK))
    openAt('?r=demo-book')
    render(<RecordedWorkPage variant="auto" />)
    await screen.findByRole('button', { name: '开始欣赏《The Cat》' })
    act(() => sendFromHost({ type: 'backClick' }))
    expect(host.closeWebview).toHaveBeenCalledTimes(1)
  })

  it('goes back when there is history, also while the share is loading', () => {
    installAndroidHost('getUserInfo', 'closeWebview')
    vi.spyOn(history, 'length', 'get').mockReturnValue(3)
    const back = vi.spyOn(history, 'back').mockImplementation(() => {})
    vi.mocked(getShare).mockReturnValue(new Promise(() => {}))
    openAt('?r=demo-book')
    render(<RecordedWorkPage variant="auto" />)
    act(() => sendFromHost({ type: 'backClick' }))
    expect(back).toHaveBeenCalledTimes(1)
  })
})
