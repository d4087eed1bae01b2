/**
 * The reader's text size in WebKit, as a WebView sets it: WebKitGTK's text zoom (`zoom-text-only`, which
 * the window is opened with: support/webkit.ts) is WebKit's text zoom factor, the mechanism behind the
 * text size of iOS apps' web views and Safari, and the same setting as Android WebView's
 * `WebSettings.setTextZoom` in Blink: every computed font size and px line height grows, em lengths too,
 * the layout viewport does not. WebDriver has no command for it and its keys go to the page, so the
 * browser's own Ctrl++ is typed on the window's X display with xdotool. MiniBrowser zooms in steps of
 * 1.2: four steps are 207 % (1.2⁴), the nearest to 200 % from above. The zoom stays for the window's
 * next pages.
 */
import { execFileSync } from 'node:child_process'
import { waitFor, type Session } from './webdriver'

/** Four of MiniBrowser's zoom steps: 1.2⁴. */
export const TEXT_ZOOM = 1.2 ** 4

/** The text size of the page on screen now, from a probe's computed font size (1 = the standard size). */
export const textZoomOf = (session: Session) =>
  session.execute<number>(
    `const probe = document.createElement('span')
     probe.style.fontSize = '10px'
     document.body.appendChild(probe)
     const zoom = parseFloat(getComputedStyle(probe).fontSize) / 10
     probe.remove()
     return zoom`,
  )

/**
 * Enlarges the text of the window of `session` (the only one open on `display`) to 207 %, and waits until
 * the page on screen shows it.
 */
export async function zoomText(session: Session, display: string): Promise<void> {
  const env = { ...process.env, DISPLAY: display }
  const xdotool = (...args: string[]) => execFileSync('xdotool', args, { env, encoding: 'utf8' }).trim()
  const window = xdotool('search', '--onlyvisible', '--class', 'MiniBrowser').split('\n').at(-1)!
  // The keys go to the focused window (no window manager here: focus it, and put the pointer on it).
  xdotool('windowfocus', '--sync', window)
  xdotool('mousemove', '--window', window, '10', '10')
  for (let step = 0; step < 4; step += 1) xdotool('key', '--clearmodifiers', 'ctrl+equal')
  await waitFor('the text zoomed to 207 %', async () => Math.abs((await textZoomOf(session)) - TEXT_ZOOM) < 0.01)
}
