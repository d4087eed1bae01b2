/**
 * Host → page messages (docs/contracts/bridge.md). The host calls the one global `window.onNativeMessage`;
 * `postMessage` / `message` events are never listened to, because any frame or opener can send them.
 * Each message is normalised before it reaches a listener, so its type is true whatever the host sent.
 */
import { EARLY_MESSAGES_GLOBAL, EARLY_MESSAGES_LIMIT } from '../config/page-start'

/** The signed-in user as the host describes it; any field may be null. */
export interface NativeUser {
  id: number | string | null
  nickName: string | null
  avatar: string | null
}

/** Every message the host sends. */
export type NativeMessage =
  | { type: 'userInfo'; data: { token: string | null; user: NativeUser | null } }
  | { type: 'visibleChange'; data: { result: boolean } }
  | { type: 'backClick'; data: Record<string, unknown> }
  | { type: 'speechState'; data: { state: string | null; text: string | null; score: number | null } }
  | { type: 'decryptResult'; data: { id: string | null; data?: unknown; error?: unknown } }

export type NativeMessageType = NativeMessage['type']

/** The message of one type, e.g. `NativeMessageOf<'visibleChange'>`. */
export type NativeMessageOf<T extends NativeMessageType> = Extract<NativeMessage, { type: T }>

type Data = Record<string, unknown>
type Listener = (message: NativeMessage) => void

const isObject = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value)
const str = (value: unknown) => (typeof value === 'string' ? value : null)
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null)

function user(value: unknown): NativeUser | null {
  if (!isObject(value)) return null
  const id = typeof value.id === 'number' ? num(value.id) : str(value.id)
  return { id, nickName: str(value.nickName), avatar: str(value.avatar) }
}

/** Builds each message's data from whatever the host sent under `data`. */
const NORMALISE: { [T in NativeMessageType]: (data: Data) => NativeMessageOf<T>['data'] } = {
  userInfo: (data) => ({ token: str(data.token) || null, user: user(data.user) }),
  // The spec reloads on a truthy `result`; a boolean keeps listeners from guessing.
  visibleChange: (data) => ({ result: Boolean(data.result) }),
  backClick: (data) => data,
  speechState: (data) => ({ state: str(data.state), text: str(data.text), score: num(data.score) }),
  decryptResult: (data) => ({ id: str(data.id), data: data.data, error: data.error }),
}

// Object.hasOwn is missing on the oldest WebViews we target (Safari 14).
const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key)

const listeners = new Map<string, Set<Listener>>()

/** Turns whatever the host sent (object or JSON string) into a known message, or null. Never throws. */
export function parseNativeMessage(input: unknown): NativeMessage | null {
  let value = input
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      return null
    }
  }
  if (!isObject(value) || typeof value.type !== 'string' || !hasOwn(NORMALISE, value.type)) return null
  const type = value.type as NativeMessageType
  const normalise = NORMALISE[type] as (data: Data) => NativeMessage['data']
  return { type, data: normalise(isObject(value.data) ? value.data : {}) } as NativeMessage
}

/** The list of messages that wait for their first listener: the HTML's, or a new one once the code runs. */
function earlyList(): unknown[] {
  const host = window as unknown as Record<string, unknown>
  const early = host[EARLY_MESSAGES_GLOBAL]
  if (Array.isArray(early)) return early
  const list: unknown[] = []
  host[EARLY_MESSAGES_GLOBAL] = list
  return list
}

function receive(input: unknown): void {
  const message = parseNativeMessage(input)
  if (!message) return
  const subscribed = listeners.get(message.type)
  if (!subscribed?.size) {
    // No listener of this type yet: the bridge is installed at page start, the page's listeners in React's
    // first effects, and a `visibleChange` between the two must not be lost. Kept for the first listener.
    const early = earlyList()
    if (early.length < EARLY_MESSAGES_LIMIT) early.push(input)
    return
  }
  // A copy: a listener may unsubscribe (or subscribe) while we iterate.
  for (const listener of [...subscribed]) {
    try {
      listener(message)
    } catch (error) {
      // One broken listener must neither stop the others nor throw into the host.
      console.error('[bridge] onNativeMessage listener failed', error)
    }
  }
}

/**
 * Defines `window.onNativeMessage`, through which the host delivers every message. Idempotent;
 * a no-op outside a browser. Malformed input (not JSON, no known `type`) is ignored without throwing.
 */
export function installNativeMessageHandler(): void {
  if (typeof window === 'undefined') return
  const host = window as unknown as { onNativeMessage?: (message: unknown) => void }
  if (host.onNativeMessage !== receive) host.onNativeMessage = receive
}

/**
 * Takes the messages of `type` the host sent while no listener of that type was there: before the page's
 * code started (scripts/build/entry-watchdog.ts defines a `window.onNativeMessage` that only keeps them),
 * or after it started and before its listeners subscribed in React's first effects. A page whose first
 * screen is drawn before React starts its code later, and a `visibleChange` must not be lost. Each is
 * delivered when the first listener of its type subscribes, once.
 */
function takeEarly(type: NativeMessageType): unknown[] {
  if (typeof window === 'undefined') return []
  const early = (window as unknown as Record<string, unknown>)[EARLY_MESSAGES_GLOBAL]
  if (!Array.isArray(early)) return []
  const taken: unknown[] = []
  for (let i = early.length - 1; i >= 0; i--) {
    if (parseNativeMessage(early[i])?.type === type) taken.unshift(...early.splice(i, 1))
  }
  return taken
}

/**
 * Calls `listener` for every message of `type` from the host, starting with those that waited for a
 * listener of that type (`takeEarly`), unless `onlyNew`: a wait for the host's next message (the login
 * screen closing) must not take a `visibleChange` sent long before it.
 * @returns the unsubscribe function.
 */
export function subscribeNative<T extends NativeMessageType>(
  type: T,
  listener: (message: NativeMessageOf<T>) => void,
  { onlyNew = false }: { onlyNew?: boolean } = {},
): () => void {
  // A fresh wrapper per call, so subscribing one function twice needs two unsubscribes.
  const wrapped: Listener = (message) => listener(message as NativeMessageOf<T>)
  let set = listeners.get(type)
  if (!set) listeners.set(type, (set = new Set()))
  set.add(wrapped)
  // What the host said of this while no listener of its type was there, after the subscriber has returned.
  const early = onlyNew ? [] : takeEarly(type)
  if (early.length) queueMicrotask(() => early.forEach(receive))
  return () => {
    set.delete(wrapped)
  }
}
