/**
 * A person's steps on a page in WebKit, over WebDriver (support/webdriver.ts): tap a control by its
 * text, type into a field, read what the page shows, and tell a page restored from the back-forward
 * cache from one loaded again.
 */
import { waitFor, type Session } from './webdriver'

/** The XPath of a button whose text (or accessible label) is `name`, inside `within` (an XPath, default the page). */
export const button = (name: string, within = '') =>
  `${within}//button[normalize-space(.)=${xpathText(name)} or @aria-label=${xpathText(name)}]`

/** `text` as an XPath string literal (it may hold either quote). */
function xpathText(text: string): string {
  if (!text.includes("'")) return `'${text}'`
  return `concat(${text
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`
}

/**
 * Taps the element at `xpath` once it is there and a finger could tap it (see {@link STILL_AND_HIT}). A page
 * drawn before React is replaced by React's own (the first screen's handover), so an element found just
 * before that is gone by the click: it is found again.
 */
export async function tap(session: Session, xpath: string): Promise<void> {
  await waitFor(`a tap on ${xpath}`, async () => {
    const element = await session.find(xpath)
    if (!element || !(await session.execute<boolean>(STILL_AND_HIT, [element]))) return false
    return session.click(element).then(
      () => true,
      () => false,
    )
  })
}

/**
 * Whether the element (`arguments[0]`) is still and is what a tap on its centre hits: Playwright's
 * "stable" and "receives events" checks, which WebKitWebDriver's click does not make. A sheet slides up
 * (160 ms): the driver aimed at where a row was as it rose, and the tap landed on the row below or on the
 * panel, in about one run in four on a loaded machine (the folder-list journey picked 拍照 for 百度网盘上传,
 * or 取消 for 手动创建). An animation that never ends (a pending ring) does not count as moving; an element
 * outside the window is left to the driver, which scrolls it in.
 */
const STILL_AND_HIT = `const element = arguments[0]
  const moving = document.getAnimations().some((animation) => {
    const target = animation.effect && animation.effect.target
    return animation.playState === 'running' && target && target.contains(element) &&
      animation.effect.getComputedTiming().iterations !== Infinity
  })
  if (moving) return false
  const box = element.getBoundingClientRect()
  const x = box.left + box.width / 2
  const y = box.top + box.height / 2
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true
  const hit = document.elementFromPoint(x, y)
  return !!hit && element.contains(hit)`

/**
 * Types `value` into the first field matching `selector` once React has it (a field drawn before React is
 * read-only), as a keyboard would: the value, then an `input` event React hears.
 */
export async function fill(session: Session, selector: string, value: string): Promise<void> {
  await waitFor(`the field ${selector} to take input`, () =>
    session.execute<boolean>(
      `const field = document.querySelector(arguments[0])
       if (!field || field.readOnly || field.closest('[data-pending]') || !window.__kidsStarted) return false
       const set = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set
       set.call(field, arguments[1])
       field.dispatchEvent(new Event('input', { bubbles: true }))
       return field.value === arguments[1]`,
      [selector, value],
    ),
  )
}

/** Whether the page's content holds `text` (rows below the fold count: a list draws them lazily). */
export const holds = (session: Session, text: string) =>
  session.execute<boolean>(`const root = document.getElementById('root'); return !!root && root.textContent.includes(arguments[0])`, [text])

/** The page's path and query. */
export const where = (session: Session) => session.execute<string>('return location.pathname + location.search')

/**
 * Marks the page on screen, so that {@link restoredFromCache} can tell, once it is shown again, that the
 * browser kept it (the same document, its scripts' state as it was) rather than loading it anew.
 */
export const markPage = (session: Session) => session.execute('window.__keptPage = true')

/** The page on screen is the one {@link markPage} marked, shown again from the back-forward cache. */
export const restoredFromCache = (session: Session) =>
  session.execute<boolean>(
    `const shows = window.__capture ? window.__capture.shows : []
     return window.__keptPage === true && shows.length > 1 && shows[shows.length - 1].persisted === true`,
  )
