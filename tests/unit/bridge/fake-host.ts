import { vi, type Mock } from 'vitest'

/**
 * A stand-in for the native host: installs handlers on the iOS or Android transport the way the
 * apps do, and removes everything (handlers and window.onNativeMessage) afterwards.
 */

type HostWindow = {
  webkit?: { messageHandlers: Record<string, { postMessage: Mock }> }
  KidsEnglishBridge?: Record<string, Mock>
  onNativeMessage?: (message: unknown) => void
}

const host = () => window as unknown as HostWindow

/** Installs iOS handlers named `names`; returns each handler's `postMessage` spy. */
export function installIosHost(...names: string[]): Record<string, Mock> {
  const spies: Record<string, Mock> = {}
  const messageHandlers: Record<string, { postMessage: Mock }> = {}
  for (const name of names) {
    spies[name] = vi.fn()
    messageHandlers[name] = { postMessage: spies[name] }
  }
  host().webkit = { messageHandlers }
  return spies
}

/** Installs Android bridge methods named `names`; returns the bridge object (its methods are spies). */
export function installAndroidHost(...names: string[]): Record<string, Mock> {
  const bridge: Record<string, Mock> = {}
  for (const name of names) bridge[name] = vi.fn()
  host().KidsEnglishBridge = bridge
  return bridge
}

/** What the host does to answer: calls window.onNativeMessage. */
export function sendFromHost(message: unknown): void {
  const receive = host().onNativeMessage
  if (!receive) throw new Error('window.onNativeMessage is not installed')
  receive(message)
}

/** Removes both transports and the page's onNativeMessage. */
export function removeHost(): void {
  delete host().webkit
  delete host().KidsEnglishBridge
  delete host().onNativeMessage
}
