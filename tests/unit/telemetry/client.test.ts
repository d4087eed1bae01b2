// @vitest-environment node
/** The client a field report names (common/telemetry/client.ts: the reporter's and the server's), from real user agents. */
import { describe, expect, it } from 'vitest'
import { APP_PACKAGE_ID, describeClient, PACKAGE } from '../../../common/telemetry/client'

const ANDROID_APP =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 com.kidsenglish.app version_2.12.0 isVip_true isPermanentVipUser_false appId_kidsenglish-android token_eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.c2ln'
const IOS_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 com.kidsenglish.app version_3.0.1.4.9 token_abc'
const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 12; V2049A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5015 MMWEBSDK/20230303 MicroMessenger/8.0.34.2340(0x28002237) WeChat/arm64'
const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40(0x1800282c) NetType/WIFI Language/zh_CN'
const IPAD_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15'
const WEBKITGTK = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15'
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0'

describe('describeClient', () => {
  it('names the app by its marker, with its version, and never the token', () => {
    const client = describeClient(ANDROID_APP)
    expect(client).toEqual({ client: 'app', os: 'android', appVersion: '2.12.0', engine: 'blink', engineMajor: 126 })
    expect(JSON.stringify(client)).not.toContain('eyJ')
  })

  it("gives an iPhone's WebKit the system's major version and the app's version in at most four parts", () => {
    expect(describeClient(IOS_APP)).toEqual({ client: 'app', os: 'ios', appVersion: '3.0.1.4', engine: 'webkit', engineMajor: 17 })
  })

  it('names WeChat on Android and on iOS, with no app version', () => {
    expect(describeClient(WECHAT_ANDROID)).toEqual({ client: 'wechat', os: 'android', appVersion: null, engine: 'blink', engineMajor: 107 })
    expect(describeClient(WECHAT_IOS)).toMatchObject({ client: 'wechat', os: 'ios', engine: 'webkit', engineMajor: 16 })
  })

  it('tells an iPad, whose Safari says Macintosh, by its touch points', () => {
    expect(describeClient(IPAD_SAFARI, 5)).toMatchObject({ client: 'browser', os: 'ios', engine: 'webkit', engineMajor: 17 })
    expect(describeClient(IPAD_SAFARI, 0)).toMatchObject({ os: 'other', engine: 'webkit', engineMajor: 17 })
  })

  it('names other browsers by engine: WebKit outside iOS by its Version, Gecko by Firefox', () => {
    expect(describeClient(WEBKITGTK)).toEqual({ client: 'browser', os: 'other', appVersion: null, engine: 'webkit', engineMajor: 18 })
    expect(describeClient(FIREFOX_ANDROID)).toMatchObject({ os: 'android', engine: 'gecko', engineMajor: 128 })
  })

  it('describes an empty or unknown user agent as other, without failing', () => {
    expect(describeClient('')).toEqual({ client: 'browser', os: 'other', appVersion: null, engine: 'other', engineMajor: null })
  })

  it('keeps a hostile version out of the report rather than break its schema', () => {
    expect(describeClient(`com.kidsenglish.app version_${'9'.repeat(30)}`).appVersion).toBeNull()
    expect(describeClient('Chrome/123456789').engineMajor).toBeLessThanOrEqual(9999)
  })

  it('knows the app by its package id (APP_PACKAGE_ID) as a whole word, the marker written out for the reporter’s bytes', () => {
    expect(PACKAGE.source).toBe(`\\b${APP_PACKAGE_ID.replace(/\./g, '\\.')}\\b`)
  })
})
