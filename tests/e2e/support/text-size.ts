/**
 * The reader's text size, as a WebView enlarges it (issue 39; docs/testing.md "Text size and landscape").
 *
 * Android WebView's `WebSettings.setTextZoom` (what WeChat's font setting drives on Android) is Blink's text
 * zoom factor: every computed font size is multiplied (px included) and so are px line heights, while
 * the layout viewport stays as wide as it was. iOS (WeChat's font setting, Safari's page menu) does the
 * same through `-webkit-text-size-adjust`. Neither is what Chromium's page zoom or `Page.setFontSizes`
 * do (the first scales the whole layout, the second only the default size, which px sizes ignore).
 *
 * Chromium exposes no text zoom to a test, but with mobile emulation (`isMobile`, as every phone here)
 * Blink applies `text-size-adjust` to every font size: `:root { text-size-adjust: 200% }` doubles a 14 px
 * label to 28 px and a 20 px line height to 40 px, exactly as the text zoom factor does (measured: the same
 * computed sizes, to the thousandth of a pixel, for px, rem, em, vw and calc() font sizes and px line
 * heights as WebKitGTK's text zoom at the same factor). One difference remains: text zoom also grows
 * `em` lengths outside fonts (padding: 1em), which text-size-adjust leaves as they were; the WebKit
 * journeys, which use WebKit's own text zoom, see those (tests/webkit/support/text-zoom.ts).
 *
 * The size is set on the page as it is (a reader changes WeChat's font setting with the page open and it
 * applies at once); a page that opts out with its own `text-size-adjust` below the root would escape it,
 * so `setTextSize` checks every element took it (docs/decisions.md: pages never force the standard size).
 */
import type { Page } from 'playwright-core'

/** Sets the text size of the page on screen to `percent` (100 = the standard size), now. */
export async function setTextSize(page: Page, percent: number): Promise<void> {
  const escaped = await page.evaluate((p) => {
    const key = '__textSizeSheet'
    const w = window as unknown as Record<string, CSSStyleSheet | undefined>
    const sheet = w[key] ?? new CSSStyleSheet()
    w[key] = sheet
    sheet.replaceSync(p === 100 ? '' : `:root { -webkit-text-size-adjust: ${p}% !important; text-size-adjust: ${p}% !important; }`)
    if (!document.adoptedStyleSheets.includes(sheet)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
    // Every element with text must have taken it: one that sets its own text-size-adjust would not grow.
    const want = p === 100 ? null : `${p}%`
    const out: string[] = []
    if (want) {
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())) continue
        const style = getComputedStyle(el) as CSSStyleDeclaration & { textSizeAdjust?: string; webkitTextSizeAdjust?: string }
        const value = style.textSizeAdjust || style.webkitTextSizeAdjust || ''
        if (value !== want) out.push(`<${el.tagName.toLowerCase()}> "${el.textContent?.trim().slice(0, 20)}" has text-size-adjust ${value}`)
      }
    }
    return out.slice(0, 5)
  }, percent)
  if (escaped.length > 0) throw new Error(`the page keeps text from the reader's size:\n${escaped.join('\n')}`)
  // The new sizes laid out, and a frame drawn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

/** Opens every page of `page`'s context from now on at `percent` text size, from its first paint. */
export async function textSizeFromStart(page: Page, percent: number): Promise<void> {
  await page.addInitScript((p) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(`:root { -webkit-text-size-adjust: ${p}% !important; text-size-adjust: ${p}% !important; }`)
    ;(window as unknown as Record<string, CSSStyleSheet>).__textSizeSheet = sheet
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  }, percent)
}
