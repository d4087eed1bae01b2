/**
 * What a WebKit test file shares: whether this machine has WebKit (else the file is skipped with the
 * reason, or fails under `WEBKIT_REQUIRED=1` as in CI), the browser (Xvfb, WebKitWebDriver) and the
 * capture proxy, started once for the file and stopped after it.
 */
import { afterAll, beforeAll } from 'vitest'
import { serverUrl } from '../../e2e/support/server'
import { startCaptureProxy, type CaptureProxy } from './capture-proxy'
import { startWebKit, webkitAvailable, type WebKit } from './webkit'

/** iOS Safari's user agent: the browser fixture. */
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

export interface WebKitSuite {
  /** Why the file is skipped, or null. */
  skipWhy: string | null
  webkit(): WebKit
  proxy(): CaptureProxy
}

/** Registers the file's beforeAll/afterAll: call at the top level of a WebKit test file. */
export function webkitSuite(): WebKitSuite {
  const skipWhy = webkitAvailable()
    ? null
    : 'WebKit journeys skipped: WebKitWebDriver, MiniBrowser or Xvfb is not installed (apt-get install webkit2gtk-driver xvfb xauth; .ci/run installs them)'
  if (skipWhy && process.env.WEBKIT_REQUIRED === '1') throw new Error(skipWhy.replace('skipped', 'required (WEBKIT_REQUIRED=1)'))
  let webkit: WebKit | undefined
  let proxy: CaptureProxy | undefined
  beforeAll(async () => {
    if (skipWhy) return
    proxy = await startCaptureProxy(serverUrl())
    webkit = await startWebKit()
  })
  afterAll(async () => {
    await webkit?.stop()
    await proxy?.close()
  })
  return { skipWhy, webkit: () => webkit!, proxy: () => proxy! }
}
