/**
 * The two ways the host app exposes its handlers (docs/contracts/bridge.md). This module is the only
 * code that touches `window.webkit` or `window.KidsEnglishBridge`.
 */

interface IosHandler {
  postMessage(payload: unknown): void
}

/** What the host injects; every part may be missing or malformed. */
interface HostWindow {
  webkit?: { messageHandlers?: Record<string, IosHandler | undefined> }
  KidsEnglishBridge?: Record<string, unknown>
}

function hostWindow(): HostWindow | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as HostWindow)
}

function iosHandler(name: string): IosHandler | undefined {
  const handler = hostWindow()?.webkit?.messageHandlers?.[name]
  return typeof handler?.postMessage === 'function' ? handler : undefined
}

function androidBridge(name: string): Record<string, unknown> | undefined {
  const bridge = hostWindow()?.KidsEnglishBridge
  return typeof bridge?.[name] === 'function' ? bridge : undefined
}

/** True when the host has a handler called `name` on either transport. */
export function hasNativeHandler(name: string): boolean {
  try {
    return Boolean(iosHandler(name) ?? androidBridge(name))
  } catch {
    // A hostile or half-built host object (throwing getter) means no usable handler.
    return false
  }
}

/**
 * Calls the host handler `name` through the first transport that has it: iOS gets the payload as an
 * object, Android as a JSON string; both get `{}` when there is no payload.
 * @returns true when a handler took the call; false when none exists or it threw (the page then
 *   falls back, as it would without the capability).
 */
export function callNative(name: string, payload?: object): boolean {
  const message = payload ?? {}
  try {
    const ios = iosHandler(name)
    if (ios) {
      ios.postMessage(message)
      return true
    }
    const android = androidBridge(name)
    if (android) {
      const method = android[name] as (json: string) => void
      // Called on the bridge object: Android's injected interface rejects an unbound call.
      method.call(android, JSON.stringify(message))
      return true
    }
  } catch (error) {
    console.warn(`[bridge] ${name} failed`, error)
  }
  return false
}
