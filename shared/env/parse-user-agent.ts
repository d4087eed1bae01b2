import { PACKAGE, VERSION, WECHAT } from './markers'

/** The client environment the host app and the browser describe in the user agent (docs/contracts/user-agent.md). */
export interface ClientEnv {
  /** The whole user-agent string, kept for logs. */
  raw: string
  /** The app's package-name marker is present. Says nothing about the bridge: use `isInApp()` for behaviour. */
  inAppUa: boolean
  /** Dotted version after `version_`, or `null` when unknown. */
  appVersion: string | null
  isVip: boolean
  isPermanentVip: boolean
  /** The messenger's in-app browser. */
  isWeChat: boolean
  isMobile: boolean
  isAndroidApp: boolean
  /** Sent as `X-App-Id` to the API base only. */
  appId: string | null
  /** Sent as `Authorization: Bearer` to the API base only. */
  token: string | null
}

// Markers are space-separated, so each must start the string or follow whitespace and end at
// whitespace: `xtoken_…`, `isVip_trueish` or a token with a stray character must not be read as ours.
const marker = (pattern: string) => new RegExp(`(?:^|\\s)${pattern}(?=\\s|$)`)

const VIP = marker('isVip_true')
const PERMANENT_VIP = marker('isPermanentVipUser_true')
const APP_ID = marker('appId_([A-Za-z0-9._-]+)')
const TOKEN = marker('token_([A-Za-z0-9._~+/=-]+)')
const MOBILE = /Android|iPhone|iPad|iPod|Mobile/
const ANDROID = /Android/

/**
 * Reads the client environment from a user-agent string. Pure: never throws, whatever the input.
 * @param ua the user agent (`navigator.userAgent`); anything not a string counts as empty.
 */
export function parseUserAgent(ua: string): ClientEnv {
  const raw = typeof ua === 'string' ? ua : ''
  const inAppUa = PACKAGE.test(raw)
  return {
    raw,
    inAppUa,
    appVersion: VERSION.exec(raw)?.[1] ?? null,
    isVip: VIP.test(raw),
    isPermanentVip: PERMANENT_VIP.test(raw),
    isWeChat: WECHAT.test(raw),
    isMobile: inAppUa || MOBILE.test(raw),
    isAndroidApp: inAppUa && ANDROID.test(raw),
    appId: APP_ID.exec(raw)?.[1] ?? null,
    token: TOKEN.exec(raw)?.[1] ?? null,
  }
}
