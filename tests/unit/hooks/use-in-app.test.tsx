import { renderHook } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'
import { useInApp } from '@shared/hooks/use-in-app'
import { installAndroidHost, removeHost } from '../bridge/fake-host'

afterEach(removeHost)

function Probe() {
  return <span>{useInApp() ? 'app' : 'browser'}</span>
}

describe('useInApp', () => {
  it('is false in a browser', () => {
    expect(renderHook(() => useInApp()).result.current).toBe(false)
  })

  it('is true when the host has getUserInfo', () => {
    installAndroidHost('getUserInfo')
    expect(renderHook(() => useInApp()).result.current).toBe(true)
  })

  it('is false when rendered on a server', () => {
    installAndroidHost('getUserInfo')
    expect(renderToString(<Probe />)).toContain('browser')
  })
})
