import { describe, expect, it } from 'vitest'
import { parseUserAgent } from '@shared/env/parse-user-agent'

const ANDROID_APP =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 ' +
  'com.kidsenglish.app version_2.12.0 isVip_true isPermanentVipUser_true appId_kidsenglish-android ' +
  'token_eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.c2ln MicroMessenger/8.0.47'
const DESKTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'

describe('parseUserAgent', () => {
  it('reads nothing from a user agent with no markers', () => {
    expect(parseUserAgent(DESKTOP)).toEqual({
      raw: DESKTOP,
      inAppUa: false,
      appVersion: null,
      isVip: false,
      isPermanentVip: false,
      isWeChat: false,
      isMobile: false,
      isAndroidApp: false,
      appId: null,
      token: null,
    })
  })

  it('reads every marker when all are present', () => {
    expect(parseUserAgent(ANDROID_APP)).toEqual({
      raw: ANDROID_APP,
      inAppUa: true,
      appVersion: '2.12.0',
      isVip: true,
      isPermanentVip: true,
      isWeChat: true,
      isMobile: true,
      isAndroidApp: true,
      appId: 'kidsenglish-android',
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOjF9.c2ln',
    })
  })

  it('reads isVip_false and isPermanentVipUser_false as false', () => {
    const env = parseUserAgent(`${DESKTOP} com.kidsenglish.app isVip_false isPermanentVipUser_false`)
    expect(env.isVip).toBe(false)
    expect(env.isPermanentVip).toBe(false)
  })

  it('counts the app marker as mobile even on a desktop user agent', () => {
    expect(parseUserAgent(`${DESKTOP} com.kidsenglish.app`).isMobile).toBe(true)
  })

  it.each(['iPhone', 'iPad', 'iPod', 'Android', 'Mobile'])('counts %s as mobile', (marker) => {
    expect(parseUserAgent(`Mozilla/5.0 (${marker})`).isMobile).toBe(true)
  })

  it('is an Android app only with both the app marker and Android', () => {
    expect(parseUserAgent('Mozilla/5.0 (Linux; Android 14) Mobile').isAndroidApp).toBe(false)
    expect(parseUserAgent('Mozilla/5.0 (iPhone) Mobile com.kidsenglish.app').isAndroidApp).toBe(false)
    expect(parseUserAgent('Mozilla/5.0 (Linux; Android 14) com.kidsenglish.app').isAndroidApp).toBe(true)
  })

  it('does not take a longer package name for the app marker', () => {
    expect(parseUserAgent('Mozilla/5.0 com.kidsenglish.appstore').inAppUa).toBe(false)
  })

  it('reads the leading dotted number of the version', () => {
    expect(parseUserAgent('x version_2.12').appVersion).toBe('2.12')
    expect(parseUserAgent('x version_3.0.1-beta').appVersion).toBe('3.0.1')
    expect(parseUserAgent('x version_abc').appVersion).toBeNull()
  })

  it('only reads markers that stand as their own word', () => {
    const env = parseUserAgent('x mytoken_abc xappId_y isVip_trueish')
    expect(env.token).toBeNull()
    expect(env.appId).toBeNull()
    expect(env.isVip).toBe(false)
  })

  it('refuses a token or app id with characters outside their alphabet', () => {
    const env = parseUserAgent('x token_abc<script> appId_a;b')
    expect(env.token).toBeNull()
    expect(env.appId).toBeNull()
  })

  it('keeps the token characters the contract allows', () => {
    expect(parseUserAgent('x token_a.b_c~d+e/f=g-h').token).toBe('a.b_c~d+e/f=g-h')
  })

  it('treats an empty or missing user agent as a plain browser', () => {
    expect(parseUserAgent('').inAppUa).toBe(false)
    expect(parseUserAgent(undefined as unknown as string).raw).toBe('')
  })
})
