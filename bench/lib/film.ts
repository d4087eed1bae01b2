/**
 * Film strips (issue 31): what a page shows every 300 ms of a load on the bench's phone, from the
 * browser's own screencast (each frame as the compositor produced it, with its time), laid side by side
 * in one PNG with the time under each frame. For looking at, not for figures: a flash, a shift or a
 * blank frame shows there.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Browser } from 'playwright-core'
import { openPhone, type Fixture } from './phone.ts'

interface Frame {
  /** ms from navigation start */
  at: number
  jpeg: string
}

/** Loads `url` once and writes frames at 300 ms, 600 ms, … `untilMs` into one PNG at `out`. */
export async function filmStrip(browser: Browser, url: string, fixture: Fixture, out: string, { stepMs = 300, untilMs = 3000 } = {}) {
  const phone = await openPhone(browser, fixture)
  const frames: { ts: number; jpeg: string }[] = []
  phone.cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number; metadata: { timestamp?: number } }) => {
    if (frame.metadata.timestamp) frames.push({ ts: frame.metadata.timestamp * 1000, jpeg: frame.data })
    void phone.cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {})
  })
  await phone.cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, maxWidth: 390, maxHeight: 844, everyNthFrame: 1 })
  await phone.page.goto(url, { waitUntil: 'load', timeout: 60_000 })
  await phone.page.waitForTimeout(Math.max(500, untilMs - 1500))
  const origin = await phone.page.evaluate(() => performance.timeOrigin)
  await phone.cdp.send('Page.stopScreencast')
  await phone.close()
  const timed: Frame[] = frames.map((f) => ({ at: f.ts - origin, jpeg: f.jpeg })).sort((a, b) => a.at - b.at)
  // The frame on screen at each mark: the last one produced before it (none yet: a white page).
  const marks = Array.from({ length: Math.floor(untilMs / stepMs) }, (_, i) => (i + 1) * stepMs)
  const cells = marks.map((mark) => ({ mark, frame: timed.filter((f) => f.at <= mark).at(-1) ?? null }))
  const page = await browser.newPage({ viewport: { width: 200 * cells.length + 8, height: 480 } })
  await page.setContent(
    `<style>body{margin:4px;display:flex;gap:4px;font:12px sans-serif;background:#fff}figure{margin:0;width:196px}` +
      `img,div.blank{width:196px;height:424px;border:1px solid #999;box-sizing:border-box;display:block}figcaption{text-align:center}</style>` +
      cells
        .map(
          ({ mark, frame }) =>
            `<figure>${frame ? `<img src="data:image/jpeg;base64,${frame.jpeg}">` : '<div class="blank"></div>'}<figcaption>${mark} ms</figcaption></figure>`,
        )
        .join(''),
  )
  mkdirSync(dirname(out), { recursive: true })
  await page.screenshot({ path: out })
  await page.close()
}
