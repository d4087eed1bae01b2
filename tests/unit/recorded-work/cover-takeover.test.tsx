import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ApiResult } from '@shared/http'
import type { ShareData } from '@shared/api/types'
import { stubPlayerGlobals } from './support/fake-audio'
import { clearOverlays } from '../components/clear-overlays'

// The viewer module is cached once loaded; each test starts from a page that has not loaded it yet.
vi.mock('@shared/api/get-share', () => ({
  getShare: Object.assign(vi.fn(), { request: (r: string) => ({ path: '/v1/share/uar', params: { r } }) }),
}))

// No cover picture: the cover frame counts the picture as in at once, and the takeover starts.
const BOOK = {
  title: 'The Cat',
  userInviter: { nickName: '小米妈妈' },
  items: [
    { contentEn: 'A cat.', mediaUrl: '/p1.mp3', audioRecord: { mediaUrl: '/r1.mp3', suggestedScore: 90 } },
    { contentEn: 'It naps.', mediaUrl: '/p2.mp3', audioRecord: { mediaUrl: '/r2.mp3', suggestedScore: 40 } },
  ],
}

async function openShare() {
  vi.resetModules()
  const { getShare } = await import('@shared/api/get-share')
  const reply: ApiResult<ShareData> = { success: true, data: BOOK as ShareData, msg: '', code: 200, result: 'SUCCESS' }
  vi.mocked(getShare).mockResolvedValue(reply)
  const { RecordedWorkPage } = await import('@shared/recorded-work/recorded-work-page')
  window.history.replaceState({}, '', '/recorded_share?r=demo-book')
  render(<RecordedWorkPage variant="auto" />)
  const start = await screen.findByRole('button', { name: '开始欣赏《The Cat》' })
  // The same module instance the page asks for: once it resolves, the viewer is there.
  await import('@shared/recorded-work/viewer/recorded-work-viewer')
  return start
}

/** The slide on screen (the others are hidden from the accessibility tree). */
const onScreen = () => within(screen.getByRole('group', { name: /^(封面|\d+\/\d+|欣赏结束)$/ }))

/** Runs the takeover's timers out (150 ms after the picture, 300 ms after a release). */
const pastTakeover = () => act(() => vi.advanceTimersByTimeAsync(500))

/** Opens the share and puts a finger on 开始欣赏 past the takeover's time: the cover stays under it. */
async function pressPastTakeover() {
  const start = await openShare()
  fireEvent.pointerDown(start)
  await pastTakeover()
  expect(screen.getByRole('button', { name: '开始欣赏《The Cat》' })).toBe(start)
  return start
}

beforeEach(() => {
  // Fake clocks that still move with real time, for the page's own awaits.
  vi.useFakeTimers({ shouldAdvanceTime: true })
  stubPlayerGlobals()
})

afterEach(async () => {
  await clearOverlays()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the viewer taking over the cover', () => {
  it('takes over on its own once the picture is in', async () => {
    const start = await openShare()
    await pastTakeover()
    expect(screen.getByRole('button', { name: '开始欣赏《The Cat》' })).not.toBe(start)
    // The viewer's own cover slide, still on the cover.
    expect(screen.getByRole('group', { name: '封面' })).toBeTruthy()
  })

  it('waits while a finger is on 开始欣赏, so the tap starts the work', async () => {
    const start = await pressPastTakeover()
    fireEvent.pointerUp(start)
    fireEvent.click(start)
    await waitFor(() => expect(onScreen().getByText('1/2')).toBeTruthy())
  })

  it('takes over once the finger lifts without a tap (a scroll)', async () => {
    const start = await pressPastTakeover()
    fireEvent.pointerCancel(start)
    await pastTakeover()
    expect(screen.getByRole('button', { name: '开始欣赏《The Cat》' })).not.toBe(start)
    // Still on the cover: lifting the finger started nothing.
    expect(onScreen().getByRole('button', { name: '开始欣赏《The Cat》' })).toBeTruthy()
    expect(onScreen().queryByText('1/2')).toBeNull()
  })
})
