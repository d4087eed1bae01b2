/**
 * What a reader would see wrong on a phone screen, whatever its size and text size (issue 39): run in
 * the page by Chromium (`layoutProblems(page)`) and by WebKit over WebDriver (`LAYOUT_SCRIPT`), the one
 * function `findLayoutProblems`, plain JavaScript with no closure over the test's modules.
 *
 * - every control on screen, or reached by scrolling, can be tapped: at its middle the tap lands on it,
 *   not on a bar or anything else drawn over it;
 * - no control's label and no text is clipped by a box, nor cut at the screen's sides, and the page
 *   does not scroll sideways;
 * - no text breaks inside a date or a number (`2027-11-` / `23`), and the product's labels break between
 *   words, not inside one: controls, headings, the bars' text and text marked `data-phrases`
 *   (Intl.Segmenter's word boundaries; a word wider than its line may break);
 *   a control's label keeps to its spaces and punctuation, so a run of Chinese in it stays on one line.
 *   Sentences of a book or a description may break between any two characters, as Chinese text does;
 * - no two runs of text overlap (text under a fixed bar is compared only with that bar's), and no text
 *   or control lies over a picture (an <img> is content; a backdrop under words is a CSS background);
 * - every text of the page can be scrolled clear of the bars stuck over it, and a bar over text is opaque;
 * - a picture is not cut to a strip: one shown with `object-fit: cover`, larger than a thumbnail, keeps
 *   at least 80 % of its width and height;
 * - the bars fixed to the screen (header, bottom bars, the download bar) leave most of it to the page.
 */
import type { Page } from 'playwright-core'

/** Options of a check. */
export interface LayoutOptions {
  /** The share of the screen's height the fixed bars may take together (default 0.45). */
  barsShare?: number
}

/**
 * Finds the problems on the page on screen. Scrolls to reach each control and puts every scroll back.
 * Written for both engines: no syntax or API WebKitGTK 2.50 and Chromium 156 do not both have.
 */
export function findLayoutProblems(options: LayoutOptions): string[] {
  const barsShare = options && options.barsShare ? options.barsShare : 0.45
  const problems: string[] = []
  const say = (text: string) => {
    if (problems.indexOf(text) < 0) problems.push(text)
  }
  const quote = (text: string) => `"${text.replace(/\s+/g, ' ').trim().slice(0, 24)}"`
  const CONTROLS =
    'button, a[href], input:not([type=hidden]), select, textarea, summary, label, [role=button], [role=checkbox], [role=radio], [role=tab], [role=link], [role=switch]'
  const isControl = (el: Element) => el.matches(CONTROLS)
  const styleOf = (el: Element) => getComputedStyle(el)

  /** Not drawn: hidden, see-through, clipped away, or the fake host (test tooling). */
  const hidden = (el: Element): boolean => {
    if (el.closest('[data-fake-host], script, style, template')) return true
    for (let e: Element | null = el; e; e = e.parentElement) {
      const s = styleOf(e)
      if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return true
      if (s.clipPath && s.clipPath.indexOf('inset(50%') === 0) return true
      if (s.clip && s.clip.indexOf('rect(0') === 0 && (e as HTMLElement).offsetWidth <= 1) return true
    }
    return false
  }
  /** The fixed or sticky layer an element is drawn in, or null (it scrolls with the page). */
  const layerOf = (el: Element | null): Element | null => {
    for (let e = el; e; e = e.parentElement) {
      const p = styleOf(e).position
      if (p === 'fixed' || p === 'sticky') return e
    }
    return null
  }
  const clips = (s: CSSStyleDeclaration) => s.overflowX !== 'visible' || s.overflowY !== 'visible'
  const scrolls = (s: CSSStyleDeclaration) => /auto|scroll/.test(s.overflowX + s.overflowY)
  /** Text an element shortens on purpose (an ellipsis, a line clamp), not a label of a control. */
  const truncates = (el: Element): boolean => {
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      const s = styleOf(e) as CSSStyleDeclaration & { webkitLineClamp?: string }
      if (s.textOverflow === 'ellipsis' || (s.webkitLineClamp && s.webkitLineClamp !== 'none')) return true
    }
    return false
  }
  /** The part of `box` its clipping ancestors show: null when it is hidden; `scrolled` when a scroller hides it. */
  const visiblePart = (el: Element, box: DOMRect): { rect: DOMRect | null; byScroller: boolean } => {
    let left = box.left
    let top = box.top
    let right = box.right
    let bottom = box.bottom
    let byScroller = false
    for (let e: Element | null = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      const s = styleOf(e)
      if (!clips(s)) continue
      const c = e.getBoundingClientRect()
      const cut = left < c.left - 1 || top < c.top - 1 || right > c.right + 1 || bottom > c.bottom + 1
      if (cut && scrolls(s)) byScroller = true
      left = Math.max(left, c.left)
      top = Math.max(top, c.top)
      right = Math.min(right, c.right)
      bottom = Math.min(bottom, c.bottom)
    }
    const rect = right - left >= 2 && bottom - top >= 2 ? new DOMRect(left, top, right - left, bottom - top) : null
    return { rect, byScroller }
  }

  // Rows drawn lazily (content-visibility: auto) are drawn now: reached by scrolling, a reader sees them so,
  // and a check cannot wait for the frame that would draw them. Taken away at the end.
  const drawAll = document.createElement('style')
  drawAll.textContent = '* { content-visibility: visible !important; }'
  document.head.appendChild(drawAll)

  // Every scroll position, put back at the end: reaching a control scrolls the page and its boxes.
  const scrolled: { el: Element; top: number; left: number }[] = []
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    if (el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth) scrolled.push({ el, top: el.scrollTop, left: el.scrollLeft })
  }
  const pageTop = scrollY
  const pageLeft = scrollX

  // The page does not scroll sideways.
  const width = document.documentElement.scrollWidth
  if (width > innerWidth + 1) say(`the page scrolls sideways: ${width} px wide on a ${innerWidth} px screen`)

  // The fixed bars leave most of the screen to the page (overlays that cover it on purpose aside).
  const bars: Element[] = []
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    const p = styleOf(el).position
    if ((p !== 'fixed' && p !== 'sticky') || hidden(el) || layerOf(el.parentElement)) continue
    if (el.closest('[role=dialog], [role=alertdialog], [role=alert], [role=status], [aria-modal]')) continue
    const r = el.getBoundingClientRect()
    // A bar is a strip across the page's column (at most 800 px wide), not a layer over all of it.
    if (r.width * r.height >= innerWidth * innerHeight * 0.8 || r.height < 1 || r.width < Math.min(innerWidth, 800) * 0.9) continue
    bars.push(el)
  }
  let covered = 0
  const spans = bars
    .map((b) => b.getBoundingClientRect())
    .map((r) => [Math.max(0, r.top), Math.min(innerHeight, r.bottom)])
    .filter((s) => s[1]! > s[0]!)
    .sort((a, b) => a[0]! - b[0]!)
  let end = 0
  for (const s of spans) {
    covered += Math.max(0, s[1]! - Math.max(s[0]!, end))
    end = Math.max(end, s[1]!)
  }
  if (covered > innerHeight * barsShare) {
    say(
      `the bars fixed to the screen take ${Math.round((covered / innerHeight) * 100)}% of its height (at most ${Math.round(barsShare * 100)}%)`,
    )
  }

  // Each control on screen: whole, and a tap at its middle lands on it. With a dialog open, the page under
  // its mask is not to be tapped: only the dialog's controls count.
  const dialogs = Array.from(document.querySelectorAll('[aria-modal="true"]')).filter((d) => !hidden(d))
  const scope = dialogs.length > 0 ? dialogs[dialogs.length - 1]! : document
  const controls = Array.from(scope.querySelectorAll(CONTROLS)).filter((el) => {
    // Drawn but not to be used now (a slide not on screen, an overlay on its way out): not a control.
    if (hidden(el) || el.closest('[aria-hidden="true"], [inert]')) return false
    const r = el.getBoundingClientRect()
    // A control drawn inside a label (a checkbox) is tapped through the label.
    if (el.matches('input') && el.closest('label')) return false
    return r.width >= 4 && r.height >= 4
  })
  for (const el of controls) {
    const name = quote(el.getAttribute('aria-label') || el.textContent || (el as HTMLInputElement).value || el.tagName)
    let r = el.getBoundingClientRect()
    const seen = visiblePart(el, r)
    // Off screen on purpose: beside the screen (a slide not on screen), or hidden by its box.
    if (r.left >= innerWidth || r.right <= 0 || (!seen.rect && !seen.byScroller)) continue
    /** What a tap at the control's middle lands on, and whether that is the control. */
    const tapAt = () => {
      r = el.getBoundingClientRect()
      const x = Math.min(Math.max(r.left + r.width / 2, 1), innerWidth - 1)
      const y = Math.min(Math.max(r.top + r.height / 2, 1), innerHeight - 1)
      const hit = document.elementFromPoint(x, y)
      const reaches =
        hit !== null && (el === hit || el.contains(hit) || (hit.closest('label') !== null && hit.closest('label')!.contains(el)))
      return { hit, reaches: reaches || (hit !== null && hit.closest('[data-fake-host]') !== null) }
    }
    // Whole on screen first, as a reader scrolls to it (the least scroll that shows it all).
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    let tap = tapAt()
    // Below a bar or off screen: scrolled as a reader would, to the middle of the screen, else to its top
    // or bottom (the end of a list, above the bar that sticks there). Vertically only: a slide deck's row
    // of slides is not the reader's to scroll.
    for (const block of ['center', 'end', 'start'] as const) {
      if (tap.reaches) break
      el.scrollIntoView({ block, inline: 'nearest' })
      tap = tapAt()
    }
    if (!tap.reaches && tap.hit) {
      const over = tap.hit.closest(CONTROLS) || tap.hit
      say(`${name} cannot be tapped: ${quote(over.getAttribute('aria-label') || over.textContent || over.tagName)} lies over it`)
    }
    // Its label is whole: no text of it outside the control's box, or cut by a box around it.
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent || !node.textContent.trim() || hidden(node.parentElement!)) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const line of Array.from(range.getClientRects())) {
        const part = visiblePart(node.parentElement!, line).rect
        const whole = part && part.width >= line.width - 1 && part.height >= line.height - 1
        const box = el.getBoundingClientRect()
        // A line's box is the font's whole height, taller than a tight line-height: a fifth of it may stand out.
        const slack = line.height * 0.2
        const inside =
          line.left >= box.left - 1 && line.right <= box.right + 1 && line.top >= box.top - slack && line.bottom <= box.bottom + slack
        if (!whole || !inside) say(`the label ${name} is cut off`)
      }
    }
  }
  // Each text in the page's flow can be read whole, as a reader scrolls to it: a bar that sticks over the
  // page (a sticky start button, a fixed header) lets it scroll clear, and is opaque where it lies over it.
  const textScope = dialogs.length > 0 ? dialogs[dialogs.length - 1]! : document.body
  const texts: Element[] = []
  const textWalker = document.createTreeWalker(textScope, NodeFilter.SHOW_TEXT)
  for (let node = textWalker.nextNode(); node; node = textWalker.nextNode()) {
    const el = node.parentElement
    if (!el || !(node.textContent || '').trim() || texts.indexOf(el) >= 0) continue
    if (el.closest(CONTROLS) || hidden(el) || el.closest('[aria-hidden="true"], [inert]')) continue
    texts.push(el)
  }
  /** A colour's alpha, from the computed `rgb()` / `rgba()`. */
  const alphaOf = (color: string): number => {
    const parts = (/\(([^)]*)\)/.exec(color) || ['', ''])[1]!.split(/[\s,/]+/).filter((p) => p)
    return parts.length > 3 ? parseFloat(parts[3]!) : 1
  }
  /** The bar (fixed or sticky layer, not the text's own) drawn over a point of the text, or null. */
  const barOver = (el: Element, x: number, y: number): Element | null => {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return null
    const hit = document.elementFromPoint(x, y)
    if (!hit || el === hit || el.contains(hit) || hit.closest('[data-fake-host], [role=alert], [role=status]')) return null
    const layer = layerOf(hit)
    return layer && layer !== layerOf(el) && !layer.contains(el) ? hit : null
  }
  /** Whether what is drawn at a point of a bar hides what lies under it (a box with an opaque colour). */
  const opaqueAt = (hit: Element, x: number, y: number): boolean => {
    const layer = layerOf(hit)
    for (let e: Element | null = hit; e; e = e === layer ? null : e.parentElement) {
      const r = e.getBoundingClientRect()
      const inside = x >= r.left && x <= r.right && y >= r.top && y <= r.bottom
      if (inside && alphaOf(styleOf(e).backgroundColor) >= 0.99) return true
    }
    return false
  }
  /** The element's lines of text (a block's own box would hide which line a bar covers). */
  const linesOf = (el: Element): DOMRect[] => {
    const range = document.createRange()
    range.selectNodeContents(el)
    return Array.from(range.getClientRects()).filter((r) => r.width > 0.5 && r.height > 0.5)
  }
  /** The nearest box that scrolls `el` up and down (the page itself at the top). */
  const scrollerOf = (el: Element): Element => {
    for (let e = el.parentElement; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      if (/auto|scroll/.test(styleOf(e).overflowY) && e.scrollHeight > e.clientHeight + 1) return e
    }
    return document.scrollingElement || document.documentElement
  }
  /**
   * The bar over a line (at its ends and middle, its top, middle and bottom), or null: a line is to be seen
   * whole. Where one lies over it, every point of the bar over the line must hide what is under it: a
   * see-through bar is reported.
   */
  const barOverLine = (el: Element, line: DOMRect): Element | null => {
    if (line.left >= innerWidth || line.right <= 0) return null
    const xs = [line.left + 2, line.left + line.width / 2, line.right - 2]
    const ys = [line.top + 2, line.top + line.height / 2, line.bottom - 2]
    let hit: Element | null = null
    for (const y of ys) for (const x of xs) hit = hit || barOver(el, x, y)
    if (!hit) return null
    const bar = layerOf(hit)!
    const b = bar.getBoundingClientRect()
    const top = Math.max(line.top, b.top)
    const bottom = Math.min(line.bottom, b.bottom)
    for (let i = 0; i <= 4; i += 1) {
      for (const y of [top + 1, (top + bottom) / 2, bottom - 1]) {
        const x = line.left + 1 + ((line.width - 2) * i) / 4
        const on = barOver(el, x, y)
        if (on && layerOf(on) === bar && !opaqueAt(on, x, y))
          say(`${quote(el.textContent || '')} shows through the bar over it, ${quote(bar.textContent || '')}`)
      }
    }
    return hit
  }
  for (const el of texts) {
    if (linesOf(el).length === 0) continue
    // Its first and its last line, each scrolled to as a reader would: the least scroll that shows the
    // text, else the line in the middle or at the top of what its scroller shows, as far as the scroller
    // goes (the last line of a page reaches above a bar stuck at its end only if the page leaves room).
    for (const last of [false, true]) {
      const line = () => {
        const lines = linesOf(el)
        return last ? lines[lines.length - 1]! : lines[0]!
      }
      /** Scrolls the line's scroller so the line stands at `at` (0 the top, 0.5 the middle) of what it shows. */
      const lineTo = (at: number) => {
        const scroller = scrollerOf(el)
        const shown = scroller === document.scrollingElement ? new DOMRect(0, 0, innerWidth, innerHeight) : scroller.getBoundingClientRect()
        const top = Math.max(shown.top, 0)
        const bottom = Math.min(shown.bottom, innerHeight)
        const l = line()
        scroller.scrollTop += at === 0 ? l.top - top - 2 : l.top + l.height / 2 - (top + bottom) / 2
      }
      const tries = [
        () => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
        () => el.scrollIntoView({ block: 'center', inline: 'nearest' }),
        () => lineTo(0.5),
        () => lineTo(0),
        () => el.scrollIntoView({ block: 'end', inline: 'nearest' }),
        () => el.scrollIntoView({ block: 'start', inline: 'nearest' }),
      ]
      let over: Element | null = null
      for (const scroll of tries) {
        scroll()
        over = barOverLine(el, line())
        if (!over) break
      }
      if (over)
        say(
          `${quote(el.textContent || '')} cannot be scrolled clear of the bar over it, ${quote(layerOf(over)!.textContent || over.tagName)}`,
        )
    }
  }
  for (const s of scrolled) {
    s.el.scrollTop = s.top
    s.el.scrollLeft = s.left
  }
  scrollTo(pageLeft, pageTop)

  // The text on screen: whole, inside the screen, not over other text, and broken between words.
  interface Run {
    text: string
    box: DOMRect
    layer: Element | null
    el: Element
  }
  const runs: Run[] = []
  const words = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter('zh', { granularity: 'word' }) : null
  /** Where a line may break in `text` without breaking a word: the index of each word's start. */
  const boundaries = (text: string): Set<number> => {
    const at = new Set<number>([0, text.length])
    if (!words) return at
    for (const part of Array.from(words.segment(text))) at.add(part.index)
    return at
  }
  /** The start of each run between spaces and punctuation (where a line may break in a label). */
  const punctuationBoundaries = (text: string): Set<number> => {
    const at = new Set<number>([0, text.length])
    for (let i = 1; i < text.length; i += 1) {
      const before = text[i - 1]!
      const here = text[i]!
      if (/[\s\p{P}]/u.test(before) || /[\s\p{Ps}]/u.test(here)) at.add(i)
    }
    return at
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent || ''
    const el = node.parentElement
    if (!text.trim() || !el || hidden(el)) continue
    const range = document.createRange()
    range.selectNodeContents(node)
    const lines = Array.from(range.getClientRects()).filter((l) => l.width > 0.5)
    for (const line of lines) {
      const seen = visiblePart(el, line)
      if (!seen.rect) continue
      // Text a line clamp or an ellipsis hides is not drawn where its box says: not compared.
      if (!truncates(el)) runs.push({ text: text.trim().slice(0, 16), box: seen.rect, layer: layerOf(el), el })
      if (line.left < -1 || line.right > innerWidth + 1) say(`${quote(text)} is cut off at the screen's edge`)
      const cut = seen.rect.width < line.width - 1 || seen.rect.height < line.height - 1
      if (cut && !seen.byScroller && !truncates(el)) say(`${quote(text)} is cut off by its box`)
    }
    // Line breaks: where a new line starts inside this text, it must be between words; in any text, never
    // inside a date or a number (`2027-11-` / `23`: a browser may break after a hyphen).
    const bar = layerOf(el)
    const label =
      el.closest(`${CONTROLS}, h1, h2, h3, h4, h5, h6, [role=heading], [data-phrases]`) || (bar && bars.indexOf(bar) >= 0 ? el : null)
    const numbers: number[][] = []
    const numberPattern = /\d+(?:[-\u2010-\u2013./:,/]\d+)+/g
    for (let m = numberPattern.exec(text); m; m = numberPattern.exec(text)) numbers.push([m.index, m.index + m[0].length])
    if ((!label && numbers.length === 0) || lines.length < 2) continue
    const starts: number[] = []
    let lastTop = NaN
    for (let i = 0; i < text.length; i += 1) {
      if (!text[i]!.trim()) continue
      range.setStart(node, i)
      range.setEnd(node, i + 1)
      const r = range.getClientRects()[0]
      if (!r || r.width === 0) continue
      if (!isNaN(lastTop) && r.top > lastTop + r.height / 2) starts.push(i)
      lastTop = r.top
    }
    if (starts.length === 0) continue
    const inControl = label !== null && isControl(label)
    // The units a line may not break inside: in a control's label, each run between spaces and
    // punctuation (a label of Chinese keeps together); elsewhere each word.
    const ok = label ? (inControl ? punctuationBoundaries(text) : boundaries(text)) : new Set<number>([0, text.length])
    for (const at of starts) {
      const number = numbers.filter((n) => n[0]! < at && at < n[1]!)[0]
      if (!number && (!label || ok.has(at))) continue
      let from = number ? number[0]! : at
      let to = number ? number[1]! : at + 1
      if (!number) {
        while (from > 0 && !ok.has(from)) from -= 1
        while (to < text.length && !ok.has(to)) to += 1
      }
      const word = text.slice(from, to)
      // A unit wider than its whole box cannot keep to one line.
      range.setStart(node, from)
      range.setEnd(node, to)
      const rects = Array.from(range.getClientRects())
      const wide = rects.reduce((sum, r) => sum + r.width, 0)
      // The line box the text breaks in: its nearest block.
      let block: Element = el
      while (block.parentElement && /^inline/.test(styleOf(block).display)) block = block.parentElement
      if (wide > block.getBoundingClientRect().width) continue
      say(`${quote(text)} breaks inside "${word}"`)
    }
  }
  drawAll.remove()
  /** How far two boxes overlap, across and down, or null when by no more than a hairline (anti-aliasing, a rounded edge). */
  const overlapOf = (a: DOMRect, b: DOMRect): { w: number; h: number } | null => {
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left)
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
    return w > 2 && h > 2 ? { w, h } : null
  }
  for (let i = 0; i < runs.length; i += 1) {
    for (let j = i + 1; j < runs.length; j += 1) {
      const a = runs[i]!
      const b = runs[j]!
      if (a.layer !== b.layer || a.el === b.el) continue
      const overlap = overlapOf(a.box, b.box)
      if (overlap) say(`${quote(a.text)} overlaps ${quote(b.text)} (${Math.round(overlap.w)}×${Math.round(overlap.h)} px)`)
    }
  }
  // A picture is content too (a drawn card, a cover): no text and no control lies over it (a picture meant
  // to be under words is a CSS background, not an <img>), and it is not cut to a strip.
  for (const img of Array.from(document.querySelectorAll('img'))) {
    if (hidden(img) || img.closest('[aria-hidden="true"], [inert]')) continue
    const box = visiblePart(img, img.getBoundingClientRect()).rect
    if (!box || box.width < 8 || box.height < 8) continue
    const src = img.getAttribute('src') || ''
    const name = quote(img.getAttribute('alt') || (/^data:/.test(src) ? 'drawn inline' : src.split('?')[0]!.split('/').pop() || 'img'))
    const drawn = img.getBoundingClientRect()
    if (styleOf(img).objectFit === 'cover' && img.naturalWidth > 0 && Math.max(drawn.width, drawn.height) >= 160) {
      const natural = img.naturalWidth / img.naturalHeight
      const shown = drawn.width / drawn.height
      const kept = Math.min(natural, shown) / Math.max(natural, shown)
      if (kept < 0.8) say(`the picture ${name} is cut to ${Math.round(kept * 100)}% of its ${shown > natural ? 'height' : 'width'}`)
    }
    const layer = layerOf(img)
    for (const run of runs) {
      if (run.layer === layer && !run.el.contains(img) && overlapOf(run.box, box)) say(`${quote(run.text)} lies over the picture ${name}`)
    }
    for (const control of controls) {
      if (control.contains(img) || layerOf(control) !== layer) continue
      if (overlapOf(control.getBoundingClientRect(), box))
        say(`${quote(control.textContent || control.tagName)} lies over the picture ${name}`)
    }
  }
  return problems
}

/**
 * The function's source, to run in a page. A runner that keeps function names (tsx) wraps them in a
 * `__name` helper of its module: the page gets one that does nothing.
 */
const SOURCE = `(function () { var __name = function (f) { return f }; return ${findLayoutProblems.toString()} })()`

/** The check as a WebDriver script: `execute(LAYOUT_SCRIPT, [options])` returns the problems. */
export const LAYOUT_SCRIPT = `return ${SOURCE}(arguments[0] || {})`

/** The layout problems of the page on screen in Chromium. */
export function layoutProblems(page: Page, options: LayoutOptions = {}): Promise<string[]> {
  return page.evaluate(`${SOURCE}(${JSON.stringify(options)})`) as Promise<string[]>
}
