/**
 * Which client a view ran in, as the field report names it (docs/telemetry.md): app, WeChat or another
 * browser by the user-agent markers of docs/contracts/user-agent.md, the OS, and the engine with its
 * major version. Never the user agent itself (it carries the app's token). In common/ because two sides
 * read a user agent the same way: the pages' reporter (on the phone) and the server (for the HTML head's
 * own report, which describes no client: its request's User-Agent does). Pure; imports nothing.
 */
import type { ClientKind, Engine, OsKind } from './report'

/**
 * The native app's package id, also the in-app user-agent marker. Here, not in shared/config/brand.ts
 * (which re-exports it with the brand's other names), so that the server reads the marker from the same
 * line as the pages.
 */
export const APP_PACKAGE_ID = 'com.kidsenglish.app'

/** The app's marker: its package id (APP_PACKAGE_ID: tests/unit/telemetry/client.test.ts holds the two together). */
export const PACKAGE = /\bcom\.kidsenglish\.app\b/
/** The app's version: only its leading dotted number (`version_2.12.0-beta` is 2.12.0). */
export const VERSION = /(?:^|\s)version_(\d+(?:\.\d+)*)/
/** WeChat's in-app browser. */
export const WECHAT = /MicroMessenger/i

export interface ClientDescription {
  client: ClientKind
  os: OsKind
  appVersion: string | null
  engine: Engine
  engineMajor: number | null
}

/** Engines by their user-agent token, and where its major version is (WebKit outside iOS: Safari's version). */
const ENGINES: [Engine, RegExp][] = [
  ['blink', /Chrom(?:e|ium)\/(\d+)/],
  ['gecko', /Firefox\/(\d+)/],
  ['webkit', /AppleWebKit\/.*?(?:Version\/(\d+)|$)/],
]

/**
 * Describes the client of user agent `ua`. `touchPoints` (navigator.maxTouchPoints) tells an iPad, whose
 * Safari says "Macintosh", from a Mac (a server has none: such an iPad is `other`). Every browser on iOS
 * is WebKit, whose version is the system's.
 */
export function describeClient(ua: string, touchPoints = 0): ClientDescription {
  const client: ClientKind = PACKAGE.test(ua) ? 'app' : WECHAT.test(ua) ? 'wechat' : 'browser'
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1)
  const os: OsKind = ios ? 'ios' : /Android/.test(ua) ? 'android' : 'other'
  const [engine, pattern] = ios
    ? (['webkit', / OS (\d+)_|Version\/(\d+)/] as const)
    : (ENGINES.find(([, p]) => p.test(ua)) ?? ['other', /$/])
  const found = pattern.exec(ua)
  const major = found?.[1] ?? found?.[2]
  // The report's version is at most four dotted numbers of 24 characters (its schema): `2.12.0.1.7` is sent as `2.12.0.1`.
  const version = client === 'app' ? (VERSION.exec(ua)?.[1] ?? '').split('.').slice(0, 4).join('.') : ''
  return {
    client,
    os,
    appVersion: version && version.length <= 24 ? version : null,
    engine,
    engineMajor: major ? Math.min(Number(major), 9999) : null,
  }
}
