/**
 * Phone-sized Chromium for browser journeys, in two fixtures:
 * - "browser": a plain mobile user agent, no host bridge (a share link opened in a phone browser);
 * - "app": the contract user agent with a demo token, and the server's fake host (both bridge transports,
 *   recording every call). The fake host is the same one a developer uses from a desktop browser.
 */
import { execSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import { appUserAgent, CHROMIUM, launchChromium, PHONE_SCREEN, PHONE_UA, type AppUserAgentOptions } from './chromium'
import { serverUrl } from './server'

export type Fixture = 'app' | 'browser'

export { appUserAgent, PHONE_UA } from './chromium'

export interface AppOptions extends AppUserAgentOptions {
  /** Another server than the test run's (e.g. pages on another origin than the API). */
  baseUrl?: string
}

const ARTIFACTS = resolve(import.meta.dirname, '../../../artifacts/screenshots')

/** Screenshots show the page as the app shows it: without the fake host's chip (its "closed" screen stays). */
const HIDE_FAKE_HOST_CHIP = '[data-fake-host]:not([data-closed]) { display: none !important; }'

let browser: Browser | null = null

/**
 * Throws what to install when the browser or the fonts the screenshots need are missing (`npm test`
 * installs them first; a journey run on its own may meet a machine without them).
 */
function ensureBrowser(): void {
  const missing = existsSync(CHROMIUM) ? [] : ['chromium-headless-shell']
  for (const fonts of ['fonts-noto-cjk', 'fonts-noto-color-emoji']) {
    try {
      execSync(`dpkg -s ${fonts}`, { stdio: 'ignore' })
    } catch {
      missing.push(fonts)
    }
  }
  if (missing.length === 0) return
  throw new Error(
    `The browser tests need ${missing.join(', ')}, which this machine lacks. ` +
      `Run npm test (it installs them), or: sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`,
  )
}

export async function launchBrowser(): Promise<Browser> {
  if (!browser) ensureBrowser()
  browser ??= await launchChromium()
  return browser
}

export async function closeBrowser(): Promise<void> {
  await browser?.close()
  browser = null
}

export interface PhonePage {
  page: Page
  context: BrowserContext
  baseUrl: string
  /** Bridge calls the fake host recorded (app fixture), oldest first. */
  calls(name?: string): Promise<{ name: string; payload: unknown }[]>
  /** Sends a host message through window.onNativeMessage (app fixture). */
  sendHost(type: string, data?: unknown): Promise<void>
  /** Saves a screenshot to artifacts/screenshots/<name>.png. */
  shot(name: string): Promise<void>
  /** Console errors (other than HTTP error responses) and uncaught page errors seen so far. */
  errors: string[]
}

export async function openPhone(fixture: Fixture, app: AppOptions = {}): Promise<PhonePage> {
  const baseUrl = app.baseUrl ?? serverUrl()
  const b = await launchBrowser()
  const context = await b.newContext({
    ...PHONE_SCREEN,
    userAgent: fixture === 'app' ? appUserAgent(app) : PHONE_UA,
  })
  if (fixture === 'app') {
    const cookies = [{ name: 'fakeHost', value: 'app' }]
    if (app.version !== undefined) cookies.push({ name: 'fakeHostVersion', value: app.version ?? 'none' })
    if (app.token) cookies.push({ name: 'fakeHostToken', value: app.token })
    if (app.isVip !== undefined) cookies.push({ name: 'fakeHostVip', value: String(app.isVip) })
    if (app.isPermanentVip !== undefined) cookies.push({ name: 'fakeHostPermanentVip', value: String(app.isPermanentVip) })
    await context.addCookies(cookies.map((c) => ({ ...c, url: baseUrl })))
  }
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(String(error)))
  page.on('console', (message) => {
    // Chromium logs every 4xx/5xx response as a console error; an API refusal the page handles is no page error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text())
  })
  mkdirSync(ARTIFACTS, { recursive: true })
  keepLastState(context, page, fixture)
  return {
    page,
    context,
    baseUrl,
    errors,
    calls: async (name) => {
      const all = await page.evaluate(
        () => (window as unknown as { __fakeHost?: { calls: { name: string; payload: unknown }[] } }).__fakeHost?.calls ?? [],
      )
      return name ? all.filter((call) => call.name === name) : all
    },
    sendHost: async (type, data) => {
      await page
        .evaluate(([t, d]) => (window as unknown as { __fakeHost: { send(t: unknown, d: unknown): void } }).__fakeHost.send(t, d), [
          type,
          data,
        ] as const)
        .catch((error: unknown) => {
          // A message that leaves the page (backClick going back) may destroy the page the call ran in
          // before its answer comes back: it was delivered. The test checks where the page went.
          if (!String(error).includes('Execution context was destroyed')) throw error
        })
    },
    shot: async (name) => {
      await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), style: HIDE_FAKE_HOST_CHIP })
    },
  }
}

const shotsPerTest = new Map<string, number>()

/**
 * Every journey leaves a screenshot of the state it ended in (`end-<test name>-<fixture>.png`), taken
 * as the test closes its context, so even a journey with no `shot` of its own can be looked at.
 */
function keepLastState(context: BrowserContext, page: Page, fixture: Fixture): void {
  const test = expect.getState().currentTestName ?? 'unnamed'
  const slug = test
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
  const n = (shotsPerTest.get(slug) ?? 0) + 1
  shotsPerTest.set(slug, n)
  const name = `end-${slug}-${fixture}${n > 1 ? `-${n}` : ''}`
  const close = context.close.bind(context)
  context.close = async (options) => {
    if (!page.isClosed()) await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), style: HIDE_FAKE_HOST_CHIP }).catch(() => {})
    return close(options)
  }
}
