/**
 * A throttled phone for the bench: Debian's Chromium through playwright-core, one fresh browser
 * context per page load (nothing cached, nothing shared, unless a figure needs the cache), and CDP for the "slow 4G" profile of issue 7:
 * 150 ms RTT, 1.6 Mbps down, 750 kbps up, 4x CPU slowdown, cache disabled.
 */
import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core'
import {
  appUserAgent,
  CHROMIUM_FULL,
  launchChromium as launchPhoneChromium,
  PHONE_SCREEN,
  PHONE_UA,
} from '../../tests/e2e/support/chromium.ts'
import { collectMetrics, type ProofProbe, type ReadyProbe } from './page-probe.ts'

/** A network and CPU to load pages on. */
export interface Profile {
  rttMs: number
  downKbps: number
  upKbps: number
  cpuSlowdown: number
}

export const PROFILE: Profile = { rttMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 }

/** Issue 39's slow network: 800 ms RTT, 50 KB/s down (400 kbps), the same phone. */
export const SLOW_PROFILE: Profile = { rttMs: 800, downKbps: 400, upKbps: 400, cpuSlowdown: 4 }

/** The full Chromium (its paint times), with the journeys' flags (tests/e2e/support/chromium.ts). */
export function launchChromium(): Promise<Browser> {
  return launchPhoneChromium(CHROMIUM_FULL)
}

/** `browser`: a share link opened in a phone browser. `app`: inside the app's WebView. */
export type Fixture = 'app' | 'browser'

export interface Phone {
  page: Page
  context: BrowserContext
  cdp: CDPSession
  close(): Promise<void>
}

/**
 * Opens a fresh throttled page. In the `app` fixture the server's fake host is added as an init script,
 * the way the native app injects its bridge (no extra request, unlike `?fakeHost=app`, which makes the
 * server add a render-blocking script tag a real WebView never has).
 */
export async function openPhone(
  browser: Browser,
  fixture: Fixture,
  ready?: ReadyProbe,
  { cache = false, proof = null, profile = PROFILE }: { cache?: boolean; proof?: ProofProbe | null; profile?: Profile } = {},
): Promise<Phone> {
  const context = await browser.newContext({
    ...PHONE_SCREEN,
    userAgent: fixture === 'app' ? appUserAgent() : PHONE_UA,
  })
  if (fixture === 'app') {
    await context.addInitScript({ content: fakeHostSource() })
    // The fake host's log chip is a desktop tool, not the page: hidden, it cannot be the first paint.
    await context.addInitScript({
      content: `new MutationObserver(function (_, observer) {
        var host = document.querySelector('[data-fake-host]')
        if (!host) return
        host.style.display = 'none'
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })`,
    })
  }
  // A string, not a function: tsx's keepNames would leave `__name(...)` calls the page cannot resolve.
  await context.addInitScript({
    content: `var __name = (f) => f;\n(${collectMetrics.toString()})(${JSON.stringify(ready ?? null)}, ${JSON.stringify(proof)})`,
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  // Cache off (a first visit) unless asked for: the second-open and audio figures need a phone's cache.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: !cache })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.rttMs,
    downloadThroughput: (profile.downKbps * 1000) / 8,
    uploadThroughput: (profile.upKbps * 1000) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown })
  return { page, context, cdp, close: () => context.close() }
}

let fakeHost: string | undefined
function fakeHostSource(): string {
  fakeHost ??= readFileSync(new URL('../../server/fake-host/fake-host.js', import.meta.url), 'utf8')
  return fakeHost
}

/** One finger dragging from `from` to `to` in `steps` moves, after resting `holdMs` (CDP touch events). */
export async function touchDrag(
  phone: Phone,
  from: { x: number; y: number },
  to: { x: number; y: number },
  { steps = 10, holdMs = 0, stepMs = 16 } = {},
): Promise<void> {
  const at = (p: { x: number; y: number }) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }]
  await phone.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) })
  if (holdMs) await phone.page.waitForTimeout(holdMs)
  for (let i = 1; i <= steps; i++) {
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps }
    await phone.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) })
    await phone.page.waitForTimeout(stepMs)
  }
  await phone.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}
