import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getEnv, resetEnvForTests } from '@shared/env'

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
