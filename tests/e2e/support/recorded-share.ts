/**
 * What the recorded-work share journeys (tests/e2e/recorded-share*.test.ts) share: opening a share with
 * a page script that records the one media element the player uses (so a test sees clips really play:
 * time advancing, `ended` firing), the slide on screen, and a finger's swipe.
 */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { openPhone, type Fixture, type PhonePage } from './browser'

export const BOOK_TITLE = "Mimi's Sunny Day"
export const START_BOOK = `开始欣赏《${BOOK_TITLE}》`

export interface MediaLog {
  elements: number
  /** Every file a play() started, in order (pathnames). */
  played: string[]
  src: string
  currentTime: number
  paused: boolean
  ended: number
  maxTime: number
}

/** Records every media element that plays, its `ended` events and the furthest time it reached. */
export function recordMedia(): void {
  const w = window as unknown as { __media: { els: HTMLMediaElement[]; played: string[]; ended: number; maxTime: number } }
  w.__media = { els: [], played: [], ended: 0, maxTime: 0 }
  const play = HTMLMediaElement.prototype.play
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    const file = this.src ? new URL(this.src).pathname : ''
    if (w.__media.played[w.__media.played.length - 1] !== file) w.__media.played.push(file)
    if (!w.__media.els.includes(this)) {
      w.__media.els.push(this)
      this.addEventListener('ended', () => (w.__media.ended += 1))
      this.addEventListener('timeupdate', () => (w.__media.maxTime = Math.max(w.__media.maxTime, this.currentTime)))
    }
    return play.call(this)
  }
}

export const media = (page: Page): Promise<MediaLog> =>
  page.evaluate(() => {
    const m = (window as unknown as { __media: { els: HTMLMediaElement[]; played: string[]; ended: number; maxTime: number } }).__media
    const el = m.els[m.els.length - 1]
    return {
      elements: m.els.length,
      played: [...m.played],
      src: el ? new URL(el.src).pathname : '',
      currentTime: el?.currentTime ?? 0,
      paused: el?.paused ?? true,
      ended: m.ended,
      maxTime: m.maxTime,
    }
  })

export async function open(fixture: Fixture, path: string, app: Parameters<typeof openPhone>[1] = {}): Promise<PhonePage> {
  const phone = await openPhone(fixture, app)
  await phone.context.addInitScript(recordMedia)
  await phone.page.goto(phone.baseUrl + path)
  return phone
}

/** The slide on screen (the others are aria-hidden). */
export const slide = (page: Page) => page.getByRole('group', { name: /^(封面|\d+\/\d+|欣赏结束)$/ })

/** A horizontal drag across the swipe book, like a finger. */
export async function swipe(page: Page, direction: 'left' | 'right'): Promise<void> {
  // Waited for: after a slide's change the book may be drawn again a moment later (a loaded machine).
  const book = page.getByRole('region', { name: /./ }).last()
  await book.waitFor()
  const box = await book.boundingBox()
  if (!box) throw new Error('no swipe book on screen')
  const y = box.y + box.height * 0.3
  const [from, to] = direction === 'left' ? [0.85, 0.15] : [0.15, 0.85]
  await page.mouse.move(box.x + box.width * from, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * to, y, { steps: 10 })
  await page.mouse.up()
  await settle(page) // the 300 ms slide transition
}

/**
 * Waits until the slide transition (300 ms) and overlay fades are over: no finite CSS transition or
 * animation is still running (an endless one, a spinner, never ends and is not waited for).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  )
}

export const counter = (page: Page, text: string) => slide(page).getByText(text, { exact: true })

/** The name of the slide on screen (`3/7`) once no slide is moving. */
async function restingSlide(page: Page): Promise<string> {
  for (;;) {
    const before = await slide(page).getAttribute('aria-label')
    await settle(page)
    const after = await slide(page).getAttribute('aria-label')
    if (before === after && after) return after
  }
}

/**
 * Swipes left, a page at a time, from the slide on screen to slide `target` (`7/7`), checking that each
 * swipe moves exactly one page. Turn 自动翻页 off first: the player may have turned a page of its own
 * before that (a slow step on a busy machine), so the swipes start from wherever the book rests, not
 * from where the test last saw it.
 */
export async function swipeLeftTo(page: Page, target: string): Promise<void> {
  const [want, total] = target.split('/').map(Number) as [number, number]
  for (;;) {
    const now = await restingSlide(page)
    const [at, of] = now.split('/').map(Number) as [number, number | undefined]
    if (!(at >= 1) || of !== total) throw new Error(`swipeLeftTo(${target}): the book is on "${now}"`)
    if (at === want) return
    if (at > want) throw new Error(`swipeLeftTo(${target}): the book is already on ${now}`)
    await swipe(page, 'left')
    await expect.poll(() => slide(page).getAttribute('aria-label')).toBe(`${at + 1}/${total}`)
  }
}
