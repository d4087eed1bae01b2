/**
 * The phone the browser journeys and the bench drive: one Chromium launch configuration, one screen and
 * one pair of user agents, so "the same flags" is an import, not a comment.
 * - The journeys drive Debian's headless shell, the same Chromium build (Blink, V8, media) without the
 *   desktop browser around it, which costs about a third less CPU per journey.
 * - The bench (bench/lib/phone.ts) drives the full browser for its paint times.
 */
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core'

/** Debian's chromium-headless-shell: the journeys. */
export const CHROMIUM = '/usr/bin/chromium-headless-shell'
/** Debian's chromium: the bench. */
export const CHROMIUM_FULL = '/usr/bin/chromium'

/**
 * As root, in a sandbox with no network but loopback: without the background-networking flags Chromium's
 * own connections are refused many at a time. Audio may start without a gesture, so a journey can check
 * that a clip plays to its end.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
]

export function launchChromium(executablePath: string = CHROMIUM): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS })
}

/** A phone at 390×844 @2x with touch, in Chinese. */
export const PHONE_SCREEN: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
}

/** A phone browser (Android Chrome). */
export const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'

export interface AppUserAgentOptions {
  /** `version_` marker; `null` leaves the marker out (unknown version). */
  version?: string | null
  token?: string
  isVip?: boolean
  /** `isPermanentVipUser_` marker (default false). */
  isPermanentVip?: boolean
}

/** The app's WebView: the contract user agent (docs/contracts/user-agent.md), the VIP demo user by default. */
export function appUserAgent({
  version = '2.12.0',
  token = 'demo-vip-token',
  isVip = true,
  isPermanentVip = false,
}: AppUserAgentOptions = {}): string {
  const marks = ['com.kidsenglish.app']
  if (version !== null) marks.push(`version_${version}`)
  marks.push(`isVip_${isVip}`, `isPermanentVipUser_${isPermanentVip}`, 'appId_kidsenglish-android', `token_${token}`)
  return `${PHONE_UA} ${marks.join(' ')}`
}
