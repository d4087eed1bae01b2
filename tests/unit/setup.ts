import { cleanup } from '@testing-library/react'
import { afterEach, beforeAll, vi } from 'vitest'
import { resetEnvForTests } from '@shared/env'
import { removeHost } from './bridge/fake-host'

/**
 * Each file starts from an empty page: the plain unit files share one module graph and one happy-dom
 * window per worker (vitest.config.ts), so what a file left behind (fake timers, stubbed globals, storage,
 * cookies, the host's bridge, the registries the HTML's inline script keeps on `window`, the address, the DOM) is undone here.
 */
beforeAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  if (typeof window === 'undefined') return // a file in the node environment
  localStorage.clear()
  sessionStorage.clear()
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
  const w = window as unknown as Record<string, unknown>
  for (const key of Object.keys(w)) if (key.startsWith('__')) delete w[key]
  document.head.replaceChildren()
  document.body.replaceChildren()
  history.replaceState(null, '', '/')
  removeHost()
  resetEnvForTests()
})

afterEach(() => {
  cleanup()
})
