import { afterEach, describe, expect, it, vi } from 'vitest'
import { isInApp } from '@shared/bridge'
import { installAndroidHost, installIosHost, removeHost } from './fake-host'

const stubUserAgent = (ua: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua)

afterEach(removeHost)

describe('isInApp', () => {
  it('is false in a browser even when the user agent claims the app', () => {
    stubUserAgent('Mozilla/5.0 com.kidsenglish.app')
    expect(isInApp()).toBe(false)
  })

  it('is true with a getUserInfo handler on iOS', () => {
    installIosHost('getUserInfo')
    expect(isInApp()).toBe(true)
  })

  it('is true with a getUserInfo handler on Android, whatever the user agent says', () => {
    stubUserAgent('Mozilla/5.0 (Windows NT 10.0)')
    installAndroidHost('getUserInfo')
    expect(isInApp()).toBe(true)
  })

  it('is false when the host lacks getUserInfo', () => {
    installIosHost('closeWebview')
    expect(isInApp()).toBe(false)
  })
})
