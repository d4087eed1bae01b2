import { useSyncExternalStore } from 'react'
import { isInApp } from '../bridge/in-app'

// The host injects its handlers before the page runs and never removes them: nothing to subscribe to.
const subscribe = () => () => {}
const onServer = () => false

/** True inside the host app (a `getUserInfo` handler exists); false when rendered outside a browser. */
export function useInApp(): boolean {
  return useSyncExternalStore(subscribe, isInApp, onServer)
}
