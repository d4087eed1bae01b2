import { hasNativeHandler } from './transports'

/**
 * True inside the host app: the bridge answers `getUserInfo` on either transport (docs/contracts/bridge.md).
 * The user agent is not trusted for this: any browser can claim the package name.
 */
export function isInApp(): boolean {
  return hasNativeHandler('getUserInfo')
}
