import { afterEach, describe, expect, it, vi } from 'vitest'
import { callNative, hasNativeHandler } from '@shared/bridge/transports'
import { installAndroidHost, installIosHost, removeHost } from './fake-host'

afterEach(removeHost)

describe('hasNativeHandler', () => {
  it('is false in a plain browser', () => {
    expect(hasNativeHandler('getUserInfo')).toBe(false)
  })

  it('finds a handler on the iOS transport', () => {
    installIosHost('getUserInfo')
    expect(hasNativeHandler('getUserInfo')).toBe(true)
    expect(hasNativeHandler('closeWebview')).toBe(false)
  })

  it('finds a handler on the Android transport', () => {
    installAndroidHost('getUserInfo')
    expect(hasNativeHandler('getUserInfo')).toBe(true)
    expect(hasNativeHandler('closeWebview')).toBe(false)
  })

  it('ignores an Android property that is not a function', () => {
    Object.assign(window, { KidsEnglishBridge: { getUserInfo: 'yes' } })
    expect(hasNativeHandler('getUserInfo')).toBe(false)
  })
})

describe('callNative', () => {
  it('posts the payload as an object on iOS', () => {
    const ios = installIosHost('shareWeb')
    expect(callNative('shareWeb', { url: 'u', title: 't', showShare: true })).toBe(true)
    expect(ios.shareWeb).toHaveBeenCalledWith({ url: 'u', title: 't', showShare: true })
  })

  it('passes the payload as a JSON string on Android, called on the bridge object', () => {
    const android = installAndroidHost('shareWeb')
    expect(callNative('shareWeb', { url: 'u' })).toBe(true)
    expect(android.shareWeb).toHaveBeenCalledWith('{"url":"u"}')
    expect(android.shareWeb!.mock.contexts[0]).toBe(android)
  })

  it('sends an empty object when there is no payload', () => {
    const ios = installIosHost('updateAppVersion')
    const android = installAndroidHost('openCustomerService')
    callNative('updateAppVersion')
    callNative('openCustomerService')
    expect(ios.updateAppVersion).toHaveBeenCalledWith({})
    expect(android.openCustomerService).toHaveBeenCalledWith('{}')
  })

  it('uses iOS when both transports have the handler', () => {
    const ios = installIosHost('closeWebview')
    const android = installAndroidHost('closeWebview')
    callNative('closeWebview')
    expect(ios.closeWebview).toHaveBeenCalledOnce()
    expect(android.closeWebview).not.toHaveBeenCalled()
  })

  it('uses Android when only Android has the handler', () => {
    installIosHost('getUserInfo')
    const android = installAndroidHost('closeWebview')
    expect(callNative('closeWebview')).toBe(true)
    expect(android.closeWebview).toHaveBeenCalledOnce()
  })

  it('returns false when no transport has the handler', () => {
    installIosHost('getUserInfo')
    expect(callNative('closeWebview')).toBe(false)
  })

  it('returns false instead of throwing when the handler throws', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const android = installAndroidHost('closeWebview')
    android.closeWebview!.mockImplementation(() => {
      throw new Error('Java exception')
    })
    expect(callNative('closeWebview')).toBe(false)
  })
})
