/**
 * An app too old for a bridge call the page needs. The bridge never shows UI itself: it reports the
 * missing call here, and the page layer (mountPage) tells the user {@link MSG_UPGRADE_APP}.
 */

/** What the user reads when their app lacks a bridge call (docs/contracts/ui-text.md, "native decrypt missing"). */
export const MSG_UPGRADE_APP = '请升级App到最新版本'

type Listener = (call: string) => void

const listeners = new Set<Listener>()

/** Tells every listener that the host has no handler called `call`. */
export function reportMissingCall(call: string): void {
  for (const listener of listeners) listener(call)
}

/**
 * Calls `listener` with the name of each bridge call the core found missing (today: `nativeDecrypt`).
 * @returns a function that removes the listener.
 */
export function onMissingCall(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
