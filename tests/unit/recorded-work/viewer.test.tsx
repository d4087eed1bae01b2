import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startBridge } from '@shared/bridge'
import { resetEnvForTests } from '@shared/env'
import { normalizeShare } from '@shared/recorded-work/data'
import { NEXT_ITEM_DELAY_MS } from '@shared/recorded-work/player'
import { RecordedWorkViewer } from '@shared/recorded-work/viewer/recorded-work-viewer'
import { installAndroidHost, removeHost, sendFromHost } from '../bridge/fake-host'
import { FakeAudio, flush } from './support/fake-audio'
import { clearOverlays } from '../components/clear-overlays'

/** A path of a reply as the pages load it: on the API's origin (here the page's, a local host). */
const api = (path: string) => `${location.origin}${path}`

let audios: FakeAudio[] = []
const lastAudio = () => audios[audios.length - 1]!

const BOOK = normalizeShare({
  title: 'The Cat',
  imageUrl: '/cover.png',
  userInviter: { nickName: '小米妈妈', inviterCode: 'XMMM2025' },
  items: [
    { contentEn: 'A cat.', audioRecord: { mediaUrl: '/r1.mp3', suggestedScore: 90 } },
    { contentEn: 'It naps.', audioRecord: { mediaUrl: '/r2.mp3', suggestedScore: 40 } },
  ],
})

const WORDS = normalizeShare({
  title: 'Fruit',
  userInviter: { nickName: '乐乐爸爸' },
  words: [
    {
      wordEn: 'apple',
      wordCn: '苹果',
      ukPronunciation: '/ˈæp.əl/',
      usPronunciation: '/ˈæp.l̩/',
      ukMediaUrl: '/apple-uk.mp3',
      usMediaUrl: '/apple-us.mp3',
      example: 'I eat an apple.',
      exampleCn: '我吃一个苹果。',
      ukExampleMediaUrl: '/ex-uk.mp3',
      usExampleMediaUrl: '/ex-us.mp3',
      audioRecord: { mediaUrl: '/rec-apple.mp3', suggestedScore: 70 },
    },
    { wordEn: 'pear', wordCn: '梨' },
  ],
})

function renderViewer(work = BOOK) {
  return render(<RecordedWorkViewer work={work} title="小米妈妈的录音作品" showBackOnCover={false} />)
}

/** The slide on screen (the others are inert and hidden). */
const onScreen = () => within(screen.getByRole('group', { name: /^(封面|\d+\/\d+|欣赏结束)$/ }))

async function start(title: string) {
  await userEvent.click(screen.getByRole('button', { name: `开始欣赏《${title}》` }))
  await flush()
}

/** The player's background fetches of audio to come (prefetch-audio.ts). */
let prefetched: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>

beforeEach(() => {
  audios = []
  prefetched = vi.fn(() => Promise.resolve(new Response('')))
  vi.stubGlobal('fetch', prefetched)
  vi.stubGlobal(
    'Audio',
    class extends FakeAudio {
      constructor() {
        super()
        audios.push(this)
      }
    },
  )
})

afterEach(async () => {
  await clearOverlays()
  vi.unstubAllGlobals()
  removeHost()
})

describe('the picture-book viewer', () => {
  it('opens on the cover with no page on screen', () => {
    renderViewer()
    onScreen().getByRole('button', { name: '开始欣赏《The Cat》' })
    expect(onScreen().queryByText('1/2')).toBeNull()
  })

  it('plays the first page on start, turns the page after it, and ends on the end slide', async () => {
    renderViewer()
    await start('The Cat')
    expect(lastAudio().src).toBe(api('/r1.mp3'))
    act(() => lastAudio().finish())
    await waitFor(() => expect(onScreen().getByText('2/2')).toBeTruthy(), { timeout: 1500 })
    await flush()
    expect(lastAudio().src).toBe(api('/r2.mp3'))
    act(() => lastAudio().finish())
    await waitFor(() => expect(onScreen().getByText('《The Cat》欣赏结束')).toBeTruthy(), { timeout: 1500 })
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }))
    screen.getByRole('button', { name: '开始欣赏《The Cat》' })
    expect(lastAudio().paused).toBe(true)
  })

  it("fetches the first recording while the cover shows, then the next page's while the first page plays", async () => {
    renderViewer()
    await waitFor(() => expect(prefetched.mock.calls.map(([url]) => url)).toEqual([api('/r1.mp3')]))
    expect(prefetched.mock.calls[0]?.[1]).toMatchObject({ mode: 'no-cors' })
    await start('The Cat')
    expect(prefetched.mock.calls.map(([url]) => url)).toEqual([api('/r1.mp3'), api('/r2.mp3')])
  })

  it('stays on the page when 自动翻页 is off', async () => {
    renderViewer()
    await start('The Cat')
    await userEvent.click(screen.getByRole('checkbox', { name: '自动翻页' }))
    vi.useFakeTimers()
    act(() => lastAudio().finish())
    // Well past the pause after which 自动翻页 would turn the page.
    act(() => {
      vi.advanceTimersByTime(NEXT_ITEM_DELAY_MS * 4)
    })
    vi.useRealTimers()
    onScreen().getByText('1/2')
    screen.getByRole('button', { name: '播放' })
  })

  it('names each slide by its position and announces whether the page plays', async () => {
    renderViewer()
    expect(screen.getByRole('group', { name: '封面' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('封面')
    await start('The Cat')
    expect(screen.getByRole('group', { name: '1/2' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('1/2 正在播放')
    await userEvent.click(screen.getByRole('button', { name: '暂停' }))
    expect(screen.getByRole('status').textContent).toBe('1/2 已暂停')
  })

  it('pauses and resumes with the page button', async () => {
    renderViewer()
    await start('The Cat')
    await userEvent.click(screen.getByRole('button', { name: '暂停' }))
    expect(lastAudio().paused).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: '播放' }))
    expect(lastAudio().paused).toBe(false)
  })
})

describe('the word viewer', () => {
  it('counts words and swaps phonetic and audio with 英 / 美', async () => {
    renderViewer(WORDS)
    await start('Fruit')
    // The player stays on this word: a clip stopped by its button would otherwise let the page turn.
    await userEvent.click(screen.getByRole('checkbox', { name: '自动翻页' }))
    onScreen().getByText('1/2')
    screen.getByText('/ˈæp.əl/')
    expect(screen.getByRole('button', { name: '英' }).getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: '美' }))
    screen.getByText('/ˈæp.l̩/')
    expect(screen.getByRole('button', { name: '美' }).getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(screen.getByRole('button', { name: 'apple' }))
    expect(lastAudio().src).toBe(api('/apple-us.mp3'))
    await userEvent.click(screen.getByRole('button', { name: '播放例句' }))
    expect(lastAudio().src).toBe(api('/ex-us.mp3'))
    await userEvent.click(screen.getByRole('button', { name: '暂停例句' }))
    await userEvent.click(screen.getByRole('button', { name: '英' }))
    await userEvent.click(screen.getByRole('button', { name: '播放例句' }))
    expect(lastAudio().src).toBe(api('/ex-uk.mp3'))
    expect(audios).toHaveLength(1)
  })

  it('plays the other accent when 英 / 美 is switched while a word or its example is still sounding', async () => {
    renderViewer(WORDS)
    await start('Fruit')
    await userEvent.click(screen.getByRole('button', { name: 'apple' }))
    expect(lastAudio().src).toBe(api('/apple-uk.mp3'))
    await userEvent.click(screen.getByRole('button', { name: '美' }))
    await userEvent.click(screen.getByRole('button', { name: 'apple' }))
    expect(lastAudio().src).toBe(api('/apple-us.mp3'))
    expect(lastAudio().paused).toBe(false)
    await userEvent.click(screen.getByRole('button', { name: '播放例句' }))
    await userEvent.click(screen.getByRole('button', { name: '英' }))
    screen.getByRole('button', { name: '播放例句' }) // the UK example is not the one playing
    await userEvent.click(screen.getByRole('button', { name: '播放例句' }))
    expect(lastAudio().src).toBe(api('/ex-uk.mp3'))
    expect(lastAudio().paused).toBe(false)
  })

  describe('a tap during auto-play (docs/decisions.md): heard once, then the next word, the button saying so', () => {
    /** Auto-play is on word 1 (its recording sounding) when `tap` happens; its clip is `clip`. */
    async function tapDuringAutoPlay(tap: () => Promise<void>, clip: string) {
      renderViewer(WORDS)
      await start('Fruit')
      expect(lastAudio().src).toBe(api('/rec-apple.mp3'))
      await tap()
      await flush()
      expect(lastAudio().src).toBe(api(clip))
      expect(lastAudio().paused).toBe(false)
      // Meanwhile the page's button says the player plays, and 自动翻页 is still ticked.
      onScreen().getByRole('button', { name: '暂停' })
      expect((screen.getByRole('checkbox', { name: '自动翻页' }) as HTMLInputElement).checked).toBe(true)
      act(() => lastAudio().finish())
      await waitFor(() => expect(onScreen().getByText('2/2')).toBeTruthy(), { timeout: 1500 })
      onScreen().getByRole('button', { name: '暂停' })
    }

    it('goes on after the word tapped', async () => {
      await tapDuringAutoPlay(() => userEvent.click(screen.getByRole('button', { name: 'apple' })), '/apple-uk.mp3')
    })

    it('goes on after 英 / 美, which says the word in the accent chosen', async () => {
      await tapDuringAutoPlay(() => userEvent.click(screen.getByRole('button', { name: '美' })), '/apple-us.mp3')
    })

    it('goes on after the example sentence', async () => {
      await tapDuringAutoPlay(() => userEvent.click(screen.getByRole('button', { name: '播放例句' })), '/ex-uk.mp3')
    })

    it('goes on when the example is stopped by its own button', async () => {
      renderViewer(WORDS)
      await start('Fruit')
      await userEvent.click(screen.getByRole('button', { name: '播放例句' }))
      await userEvent.click(screen.getByRole('button', { name: '暂停例句' }))
      await waitFor(() => expect(onScreen().getByText('2/2')).toBeTruthy(), { timeout: 1500 })
    })

    it('shows 播放 and waits on the word when its button pauses the tapped clip', async () => {
      renderViewer(WORDS)
      await start('Fruit')
      await userEvent.click(screen.getByRole('button', { name: 'apple' }))
      await userEvent.click(onScreen().getByRole('button', { name: '暂停' }))
      expect(lastAudio().paused).toBe(true)
      onScreen().getByRole('button', { name: '播放' })
      await new Promise((resolve) => setTimeout(resolve, NEXT_ITEM_DELAY_MS + 100))
      onScreen().getByText('1/2')
    })
  })

  it('plays the original pronunciation of the accent with 原声 off', async () => {
    renderViewer(WORDS)
    await start('Fruit')
    expect(lastAudio().src).toBe(api('/rec-apple.mp3'))
    await userEvent.click(screen.getByRole('checkbox', { name: '原声' }))
    expect(lastAudio().src).toBe(api('/apple-uk.mp3'))
  })
})

describe('audio that cannot play', () => {
  it('says so on the slide when both sources fail, before skipping', async () => {
    renderViewer()
    await start('The Cat')
    act(() => lastAudio().fail()) // the recording
    await flush()
    act(() => lastAudio().fail()) // the book's own clip
    await flush()
    onScreen().getByText('音频加载失败，即将跳过')
    // The deck's one live status says it too.
    expect(screen.getByRole('status').textContent).toBe('1/2 音频加载失败，即将跳过')
  })
})

describe('sharing', () => {
  it('shows the share guide in WeChat', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0.50')
    resetEnvForTests()
    renderViewer()
    await start('The Cat')
    await userEvent.click(screen.getByRole('button', { name: '分享' }))
    expect(await screen.findByRole('dialog', { name: '分享引导' })).toBeTruthy()
    resetEnvForTests()
  })

  it('copies the link with a toast in a browser without a share sheet', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue()
    renderViewer()
    await start('The Cat')
    await userEvent.click(screen.getByRole('button', { name: '分享' }))
    expect((await screen.findByRole('alert')).textContent).toBe('链接已复制，快去分享给好友吧')
    expect(writeText).toHaveBeenCalledWith(window.location.href.split('#')[0])
    expect(screen.queryByRole('dialog', { name: '分享引导' })).toBeNull()
  })

  it('shares natively in the app, titled with the inviter, then with the logged-in user', async () => {
    const host = installAndroidHost('getUserInfo', 'shareUrl')
    renderViewer()
    expect(screen.queryByText('下载App，和孩子一起学英语')).toBeNull()
    await start('The Cat')
    await userEvent.click(screen.getByRole('button', { name: '分享' }))
    expect(JSON.parse(host.shareUrl!.mock.calls[0]![0] as string)).toMatchObject({
      title: '小米妈妈的录音作品《The Cat》',
      url: window.location.href,
      thumbnail: new URL('/cover.png', window.location.href).href,
    })
    startBridge()
    act(() => sendFromHost({ type: 'userInfo', data: { token: 't', user: { id: 9, nickName: '乐乐' } } }))
    await userEvent.click(screen.getByRole('button', { name: '分享' }))
    expect(JSON.parse(host.shareUrl!.mock.calls[1]![0] as string)).toMatchObject({ title: '乐乐的录音作品《The Cat》' })
    expect(screen.queryByRole('dialog', { name: '分享引导' })).toBeNull()
  })

  it('shows the download bar outside the app', () => {
    renderViewer()
    screen.getByText('下载App，和孩子一起学英语')
  })
})

describe('the invite block', () => {
  it('copies the code with the clipboard API', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderViewer()
    const invite = screen.getByRole('region', { name: '邀请码' })
    await userEvent.click(within(invite).getByRole('button', { name: '复制' }))
    expect(writeText).toHaveBeenCalledWith('XMMM2025')
    expect(screen.getByRole('alert').textContent).toBe('复制成功')
  })

  it('falls back to a selection copy, then asks to copy by hand', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } })
    const execCommand = vi.fn().mockReturnValue(false)
    document.execCommand = execCommand
    renderViewer()
    const invite = screen.getByRole('region', { name: '邀请码' })
    await userEvent.click(within(invite).getByRole('button', { name: '复制' }))
    expect(execCommand).toHaveBeenCalledWith('copy')
    expect(screen.getByRole('alert').textContent).toBe('复制失败，请手动复制')
    expect(window.getSelection()?.toString()).toBe('XMMM2025')
  })

  it('succeeds through the selection copy when the clipboard API is missing', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined })
    document.execCommand = vi.fn().mockReturnValue(true)
    renderViewer()
    await userEvent.click(within(screen.getByRole('region', { name: '邀请码' })).getByRole('button', { name: '复制' }))
    expect(screen.getByRole('alert').textContent).toBe('复制成功')
  })
})
