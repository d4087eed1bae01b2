import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getEnv, resetEnvForTests, versionAllows } from '@shared/env'

const stubUserAgent = (ua: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ua)

beforeEach(resetEnvForTests)

describe('getEnv', () => {
  it('reads navigator.userAgent', () => {
    stubUserAgent('Mozilla/5.0 (iPhone) com.kidsenglish.app version_2.1.0')
    expect(getEnv()).toMatchObject({ inAppUa: true, appVersion: '2.1.0', isMobile: true })
  })

  it('reads the user agent once and keeps it', () => {
    const userAgent = stubUserAgent('first')
    expect(getEnv().raw).toBe('first')
    userAgent.mockReturnValue('second')
    expect(getEnv().raw).toBe('first')
    expect(userAgent).toHaveBeenCalledOnce()
  })

  it('describes an empty user agent where there is no navigator', () => {
    vi.stubGlobal('navigator', undefined)
    try {
      expect(getEnv().raw).toBe('')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('versionAllows', () => {
  it('allows an unknown version', () => {
    stubUserAgent('Mozilla/5.0 com.kidsenglish.app')
    expect(versionAllows('2.12.0')).toBe(true)
  })

  it('allows a version at or above the minimum', () => {
    stubUserAgent('x version_2.12')
    expect(versionAllows('2.12.0')).toBe(true)
  })

  it('refuses a version below the minimum', () => {
    stubUserAgent('x version_2.9.9')
    expect(versionAllows('2.12.0')).toBe(false)
  })
})
