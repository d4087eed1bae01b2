/**
 * Audio start (issue 18), on the demo picture book in a phone browser with its HTTP cache on (the
 * player's next-clip prefetch works through it): once the viewer is up, a tap on `开始欣赏《…》`, then
 * the book plays by itself. Measured in the page from the media element's events:
 * - tap → first `playing`: the first clip's request and enough of its bytes (about one RTT of the file);
 * - end of a sentence → `playing` of the next one on the same page (no rule: network only);
 * - end of a page's last sentence → `playing` of the next page's first (the 500 ms rule plus network).
 */
import type { Browser } from 'playwright-core'
import { openPhone } from './phone.ts'
import { median } from './stats.ts'

export interface AudioFigures {
  /** ms, medians of the runs; null when never seen. */
  tapToPlaying: number | null
  sentenceGap: number | null
  pageGap: number | null
  runs: { tapToPlaying: number | null; sentenceGaps: number[]; pageGaps: number[] }[]
  errors: string[]
}

interface MediaEvent {
  type: string
  t: number
  file: string
}

/** Init script: every media element's playing/ended events, and the time of the tap on the start button. */
const RECORD = `(() => {
  const log = (window.__audioBench = { events: [], tap: null })
  const seen = new WeakSet()
  const play = HTMLMediaElement.prototype.play
  HTMLMediaElement.prototype.play = function () {
    if (!seen.has(this)) {
      seen.add(this)
      for (const type of ['playing', 'ended']) {
        this.addEventListener(type, () => log.events.push({ type, t: performance.now(), file: new URL(this.currentSrc || this.src, location.href).pathname }))
      }
    }
    return play.call(this)
  }
  addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null
    if (log.tap === null && button && (button.textContent || '').startsWith('开始欣赏')) log.tap = e.timeStamp
  }, true)
})()`

/** The page number in a demo file name (`/media/book/p2-s1-rec.mp3` → 2), or null. */
const pageOf = (file: string) => Number(/\/p(\d+)[-.]/.exec(file)?.[1] ?? NaN)

/** `runs` taps on the start button of the share at `url` (a path on `baseUrl`). */
export async function measureAudio(
  browser: Browser,
  baseUrl: string,
  url: string,
  runs: number,
  log: (line: string) => void,
): Promise<AudioFigures> {
  const out: AudioFigures['runs'] = []
  const errors = new Set<string>()
  for (let r = 0; r < runs; r++) {
    const phone = await openPhone(browser, 'browser', undefined, { cache: true })
    try {
      phone.page.on('pageerror', (e) => errors.add(String(e).slice(0, 300)))
      await phone.context.addInitScript({ content: RECORD })
      await phone.page.goto(baseUrl + url, { waitUntil: 'load', timeout: 60_000 })
      // The viewer is there (Swiper has set up the deck) and the network is quiet: the tap meets a ready page.
      await phone.page.waitForSelector('.swiper-initialized', { timeout: 30_000 })
      await phone.page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {})
      await phone.page.getByRole('button', { name: /^开始欣赏/ }).tap()
      // Until two pages have started (or 30 s).
      await phone.page
        .waitForFunction(
          () => {
            const events = (window as unknown as { __audioBench: { events: MediaEvent[] } }).__audioBench.events
            return new Set(events.filter((e) => e.type === 'playing').map((e) => /\/p(\d+)[-.]/.exec(e.file)?.[1])).size >= 3
          },
          undefined,
          { timeout: 30_000, polling: 200 },
        )
        .catch(() => errors.add('fewer than three pages played within 30 s'))
      const { events, tap } = await phone.page.evaluate(
        () => (window as unknown as { __audioBench: { events: MediaEvent[]; tap: number | null } }).__audioBench,
      )
      const firstPlaying = events.find((e) => e.type === 'playing')
      const sentenceGaps: number[] = []
      const pageGaps: number[] = []
      events.forEach((e, i) => {
        if (e.type !== 'ended') return
        const next = events.slice(i + 1).find((x) => x.type === 'playing')
        if (!next) return
        const gap = next.t - e.t
        if (pageOf(next.file) === pageOf(e.file) || Number.isNaN(pageOf(next.file))) sentenceGaps.push(gap)
        else pageGaps.push(gap)
      })
      const tapToPlaying = tap !== null && firstPlaying ? firstPlaying.t - tap : null
      out.push({ tapToPlaying, sentenceGaps, pageGaps })
      log(
        `  audio ${r + 1}/${runs} tap → playing ${Math.round(tapToPlaying ?? -1)} ms, sentence gaps ${sentenceGaps.map(Math.round).join('/') || '–'} ms, ` +
          `page gaps ${pageGaps.map(Math.round).join('/') || '–'} ms`,
      )
    } catch (error) {
      errors.add(String(error).slice(0, 300))
    } finally {
      await phone.close()
    }
  }
  return {
    tapToPlaying: median(out.map((r) => r.tapToPlaying)),
    sentenceGap: median(out.flatMap((r) => r.sentenceGaps)),
    pageGap: median(out.flatMap((r) => r.pageGaps)),
    runs: out,
    errors: [...errors],
  }
}
