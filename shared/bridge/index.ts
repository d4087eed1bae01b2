import { getUserInfo } from './calls'
import { isInApp } from './in-app'
import { installNativeMessageHandler } from './messages'
import { syncUserFromHost } from './user'

export * from './calls'
export { isInApp } from './in-app'
export * from './messages'
export * from './navigation'
export { pageShareCover, SHARE_COVER_PATH } from './share-cover'
export { MSG_UPGRADE_APP, onMissingCall } from './missing-call'
export { callNative, hasNativeHandler } from './transports'
export { getToken, getUser, subscribeUser, syncUserFromHost } from './user'

/**
 * Wires the bridge once at page start: defines `window.onNativeMessage`, keeps the token and user
 * from `userInfo` messages, and in the app asks the host for its user. Safe to call twice.
 */
export function startBridge(): void {
  installNativeMessageHandler()
  syncUserFromHost()
  if (isInApp()) getUserInfo()
}
