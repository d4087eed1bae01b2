import { getEnv } from '../env'
import { subscribeNative, type NativeUser } from './messages'

/**
 * The signed-in user and the API token (docs/contracts/user-agent.md "Token precedence"): the user-agent token wins;
 * otherwise the token from the host's latest `userInfo` message, which is also saved in
 * `localStorage['token']` and read back on the next load.
 */

const STORAGE_KEY = 'token'
// Same alphabet as the user-agent token: anything else could smuggle a header line into requests.
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]+$/

let messageToken: string | null | undefined // undefined = not read from storage yet
let user: NativeUser | null = null
let syncing: (() => void) | undefined // the userInfo subscription, once started
const listeners = new Set<() => void>()

function readStoredToken(): string | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY)
    return stored && TOKEN_PATTERN.test(stored) ? stored : null
  } catch {
    return null // no storage outside a browser, or blocked (private mode, sandbox)
  }
}

function saveToken(token: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, token)
  } catch {
    // Quota or blocked storage: the token still lives for this page's life.
  }
}

/** The token for API requests: the user agent's, else the host's (live or saved), else null. */
export function getToken(): string | null {
  const uaToken = getEnv().token
  if (uaToken) return uaToken
  if (messageToken === undefined) messageToken = readStoredToken()
  return messageToken
}

/** The user from the host's latest `userInfo` message; null until one arrives. Stable between changes. */
export function getUser(): NativeUser | null {
  return user
}

/**
 * Calls `listener` whenever a `userInfo` message arrives (for `useSyncExternalStore`).
 * @returns the unsubscribe function.
 */
export function subscribeUser(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Starts keeping the token and user from `userInfo` messages. Idempotent; startBridge calls it. */
export function syncUserFromHost(): void {
  syncing ??= subscribeNative('userInfo', ({ data }) => {
    if (data.token && TOKEN_PATTERN.test(data.token)) {
      messageToken = data.token
      saveToken(data.token)
    }
    user = data.user
    for (const listener of [...listeners]) listener()
  })
}
