/**
 * The scaling series of issue 7, driven the way a person uses the pages and found by the accessible
 * names of docs/contracts/ui-text.md (never by a page's classes):
 * - a share with N slides: time until the cover's start button `开始欣赏《…》` is on screen and the main
 *   thread answers within 50 ms; then tap it, swipe 50 slides and read the JS heap after a GC;
 * - a folder with N books: time until the first screen of rows (`删除` buttons) is drawn; then drag the
 *   first row's `拖动排序` handle down the list and keep the longest frame.
 */
import type { Browser } from 'playwright-core'
import { loadOnce } from './measure-pages.ts'
import { startFrames, stopFrames } from './page-probe.ts'
import { touchDrag, type Phone } from './phone.ts'
import { scaleFolderId, scaleShareCode } from './seed-scale.ts'
import { median } from './stats.ts'

export interface ShareScale {
  slides: number
  /** ms from navigation start, median of the runs. */
  coverInteractive: number | null
  /** MB used by the JS heap after a GC, once 50 slides were swiped. */
  heapAfterSwipesMb: number | null
  /** The slide on screen at the end (`n / total`), to show the swipes really moved. */
  reached: string
  errors: string[]
}

export interface FolderScale {
  items: number
  /** ms from navigation start until the first screen of rows is drawn, median of the runs. */
  render: number | null
  /** The longest frame while a row is dragged down the list, ms. */
  longestDragFrame: number | null
  frames: number
  errors: string[]
}

const SWIPES = 50

async function heapMb(phone: Phone): Promise<number> {
  await phone.cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await phone.cdp.send('Runtime.getHeapUsage')
  return Math.round((usedSize / 1048576) * 10) / 10
}

async function activeSlide(phone: Phone): Promise<string> {
  const label = await phone.page
    .locator('[aria-roledescription="slide"]:not([aria-hidden="true"])')
    .first()
    .getAttribute('aria-label', { timeout: 1000 })
    .catch(() => null)
  return label ?? '?'
}

/** The share series for each slide count. */
export async function shareSeries(
  browser: Browser,
  baseUrl: string,
  counts: readonly number[],
  runs: number,
  log: (l: string) => void,
): Promise<ShareScale[]> {
  const out: ShareScale[] = []
  for (const slides of counts) {
    const url = `${baseUrl}/recorded_share?r=${scaleShareCode(slides)}`
    const times: (number | null)[] = []
    const errors = new Set<string>()
    let heap: number | null = null
    let reached = '?'
    for (let r = 0; r < runs; r++) {
      const { phone, figures, errors: errs } = await loadOnce(browser, url, 'browser', { name: '开始欣赏', prefix: true })
      times.push(figures.ready?.interactive ?? null)
      try {
        if (r === runs - 1) {
          await phone.page
            .getByRole('button', { name: /^开始欣赏/ })
            .first()
            .tap({ timeout: 5000 })
          await phone.page.waitForTimeout(500)
          for (let s = 0; s < SWIPES; s++) {
            await touchDrag(phone, { x: 340, y: 420 }, { x: 50, y: 420 }, { steps: 6 })
            await phone.page.waitForTimeout(350)
          }
          reached = await activeSlide(phone)
          heap = await heapMb(phone)
        }
      } catch (error) {
        errors.add(`swipe: ${String(error).split('\n')[0]}`)
      } finally {
        for (const e of errs) errors.add(e.slice(0, 300))
        await phone.close()
      }
    }
    const row = { slides, coverInteractive: median(times), heapAfterSwipesMb: heap, reached, errors: [...errors] }
    log(`  share ${slides} slides: cover interactive ${row.coverInteractive ?? '-'} ms, heap ${heap ?? '-'} MB at slide ${reached}`)
    out.push(row)
  }
  return out
}

/** The folder-list series for each folder size. */
export async function folderSeries(
  browser: Browser,
  baseUrl: string,
  sizes: readonly number[],
  runs: number,
  log: (l: string) => void,
): Promise<FolderScale[]> {
  const out: FolderScale[] = []
  for (const items of sizes) {
    const url = `${baseUrl}/generate_book/list?id=${scaleFolderId(items)}`
    const times: (number | null)[] = []
    const errors = new Set<string>()
    let longest: number | null = null
    let frames = 0
    for (let r = 0; r < runs; r++) {
      const { phone, figures, errors: errs } = await loadOnce(browser, url, 'app', { name: '删除', count: Math.min(items, 8) })
      times.push(figures.ready?.seen ?? null)
      try {
        if (r === runs - 1) {
          const box = await phone.page.getByRole('button', { name: '拖动排序' }).first().boundingBox({ timeout: 5000 })
          if (!box) throw new Error('no 拖动排序 handle on screen')
          const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
          await startFrames(phone.page)
          await touchDrag(phone, from, { x: from.x, y: Math.min(from.y + 500, 800) }, { steps: 40, holdMs: 300 })
          await phone.page.waitForTimeout(400)
          const all = await stopFrames(phone.page)
          frames = all.length
          longest = all.length ? Math.round(Math.max(...all)) : null
        }
      } catch (error) {
        errors.add(`drag: ${String(error).split('\n')[0]}`)
      } finally {
        for (const e of errs) errors.add(e.slice(0, 300))
        await phone.close()
      }
    }
    const row = { items, render: median(times), longestDragFrame: longest, frames, errors: [...errors] }
    log(`  folder ${items} items: render ${row.render ?? '-'} ms, longest drag frame ${longest ?? '-'} ms`)
    out.push(row)
  }
  return out
}
