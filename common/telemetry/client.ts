/**
 * Which client a view ran in, as the report names it (docs/telemetry.md): app, WeChat or another browser
 * by the user-agent rules of shared/env (docs/contracts/user-agent.md), the OS, and the engine with its
 * major version. Never the user agent itself (it carries the app's token). Pure.
 */
import type { ClientKind, Engine, OsKind } from './report'
const PACKAGE = /\bcom\.kidsenglish\.app\b/
const VERSION = /(?:^|\s)version_(\d+(?:\.\d+)*)/
const WECHAT = /MicroMessenger/i

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
 * Safari says "Macintosh", from a Mac. Every browser on iOS is WebKit, whose version is the system's.
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
