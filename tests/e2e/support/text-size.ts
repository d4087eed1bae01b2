/**
 * 200% text size for browser journeys (WCAG 1.4.4). The pages size text in px, so a larger root
 * font-size would change nothing; a phone's largest text setting in a WebView (Android textZoom,
 * iOS Dynamic Type through the app) scales every px font instead. `enlargeText` does the same: each
 * element's computed font size (and a px line height) times `factor`.
 */
import type { Page } from 'playwright-core'

/** Multiplies every element's font size, and px line heights, by `factor`. */
export async function enlargeText(page: Page, factor: number): Promise<void> {
  await page.evaluate((f) => {
    const all = [...document.querySelectorAll<HTMLElement>('body, body *')]
    // Read every size first, then write, so a parent's new size does not compound into its children.
    const sizes = all.map((el) => {
      const style = getComputedStyle(el)
      return { el, font: parseFloat(style.fontSize), line: style.lineHeight.endsWith('px') ? parseFloat(style.lineHeight) : null }
    })
    for (const { el, font, line } of sizes) {
      el.style.setProperty('font-size', `${font * f}px`, 'important')
      if (line !== null) el.style.setProperty('line-height', `${line * f}px`, 'important')
    }
  }, factor)
  await page.waitForTimeout(100) // layout, and images that reflow
}

/**
 * Pairs of text runs on screen whose boxes overlap (by more than 2 px each way), and text running off
 * the screen's sides, as readable lines. Only the part of a run its clipping ancestors show counts.
 * Text under a fixed bar is compared only with text in that bar's layer: content scrolls beneath it.
 */
export async function overlappingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const layerOf = (el: Element | null): Element | null => {
      for (let e = el; e; e = e.parentElement) {
        const position = getComputedStyle(e).position
        if (position === 'fixed' || position === 'sticky') return e
      }
      return null
    }
    /** The box `box` shows through its clipping ancestors (overflow other than visible), or null if none. */
    const visiblePart = (el: Element, box: DOMRect): DOMRect | null => {
      let { left, top, right, bottom } = box
      for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e)
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
        const clip = e.getBoundingClientRect()
        left = Math.max(left, clip.left)
        top = Math.max(top, clip.top)
        right = Math.min(right, clip.right)
        bottom = Math.min(bottom, clip.bottom)
      }
      return right - left >= 2 && bottom - top >= 2 ? new DOMRect(left, top, right - left, bottom - top) : null
    }
    const runs: { text: string; box: DOMRect; layer: Element | null; el: Element }[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? ''
      const el = node.parentElement
      if (!text || !el || el.closest('[aria-hidden="true"], [inert], [data-fake-host], script, style')) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.opacity === '0' || style.clipPath.startsWith('inset(50%')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const whole of range.getClientRects()) {
        // Text a line clamp or a scroller hides is not on screen to overlap anything.
        const box = visiblePart(node.parentElement!, whole)
        if (box) runs.push({ text: text.slice(0, 16), box, layer: layerOf(el), el })
      }
    }
    const found: string[] = []
    for (const run of runs) {
      if (run.box.left < -1 || run.box.right > innerWidth + 1) found.push(`"${run.text}" is cut off at the screen's edge`)
    }
    for (let i = 0; i < runs.length; i += 1) {
      for (let j = i + 1; j < runs.length; j += 1) {
        const a = runs[i]!
        const b = runs[j]!
        if (a.layer !== b.layer || a.el === b.el) continue
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        if (w > 2 && h > 2) found.push(`"${a.text}" overlaps "${b.text}" (${Math.round(w)}×${Math.round(h)} px)`)
      }
    }
    return found
  })
}
