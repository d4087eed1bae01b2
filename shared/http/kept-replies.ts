/**
 * Replies kept for the next open of a page (a first request with `keep`, shared/app/define-page.ts): the
 * share page opened again, from the app or a chat, draws the work it showed last time at once, while its
 * HTML's early request asks again; the page then shows the answer if it differs (use-load.ts `kept`). An
 * in-app page's (the folder list, space, membership) opened with no network shows what it showed last.
 *
 * In localStorage, under `kids-reply:<request key>`, with the time it was kept. Only a successful,
 * unencrypted reply is kept, at most MAX_ENTRIES of them and none over MAX_CHARS; a 404 forgets it (the
 * share is gone); one older than MAX_AGE_MS is not used. Storage that is full, missing or refused
 * (private mode) only means the next open waits for the network. React-free and small: the inline
 * script bundles it.
 */
import { isEnvelope, isUsableReply } from './envelope'
import type { PrefetchedReply } from './prefetch'

const PREFIX = 'kids-reply:'
// Room for the in-app pages' replies (a few folders, the space and membership pages' two each) beside the
// shares: ten replies of at most MAX_CHARS stay within localStorage's 5 MB (most are a few KB).
export const KEPT_MAX_ENTRIES = 10
export const KEPT_MAX_CHARS = 200_000
export const KEPT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

interface Kept {
  at: number
  reply: PrefetchedReply
}

function store(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Worth keeping: a reply the page can use as it is (never a failure, never encrypted: the app decrypts per open). */
const keepable = (reply: PrefetchedReply) => isUsableReply(reply.status, reply.body)

function parse(raw: string | null): Kept | null {
  if (!raw) return null
  try {
    const kept = JSON.parse(raw) as Partial<Kept> | null
    return kept && typeof kept.at === 'number' && kept.reply && typeof kept.reply === 'object' ? (kept as Kept) : null
  } catch {
    return null
  }
}

/**
 * The prefix of a signed-in user's kept replies (first-requests.ts): a hash of the token (FNV-1a, 32
 * bits), so that the token itself is never written to storage; it only tells accounts apart, and another
 * account on the same phone never draws this one's replies (a new sign-in starts afresh).
 */
export function keptScope(token: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193)
  return `u${(hash >>> 0).toString(36)}:`
}

/** The reply kept for request `key` (prefetchKey), or null: none, too old, or unreadable. */
export function readKept(key: string, now = Date.now()): PrefetchedReply | null {
  const storage = store()
  if (!storage) return null
  try {
    const kept = parse(storage.getItem(PREFIX + key))
    if (kept && now - kept.at <= KEPT_MAX_AGE_MS && kept.at <= now && keepable(kept.reply)) return kept.reply
    storage.removeItem(PREFIX + key)
  } catch {
    // storage refused: nothing kept
  }
  return null
}

/**
 * Forgets the reply kept for request `key` (prefetchKey) of every user: the page changed what it says
 * (a folder reordered or a book deleted), so the next open must not draw the old one first.
 */
export function forgetKept(key: string): void {
  const storage = store()
  if (!storage) return
  try {
    const names: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i)
      // Its own key, or a user's (`kids-reply:u…:<key>`).
      if (name?.startsWith(PREFIX) && (name === PREFIX + key || name.endsWith(`:${key}`))) names.push(name)
    }
    for (const name of names) storage.removeItem(name)
  } catch {
    // storage refused: nothing kept
  }
}

/** Keeps `reply` to request `key` for the next open (the API's 404 forgets the one kept); the oldest go beyond KEPT_MAX_ENTRIES. */
export function writeKept(key: string, reply: PrefetchedReply, now = Date.now()): void {
  const storage = store()
  if (!storage) return
  try {
    // Only the API's own 404 (the envelope): a CDN's HTML 404 says nothing about the share.
    if (reply.status === 404 && isEnvelope(reply.body)) storage.removeItem(PREFIX + key)
    if (!keepable(reply)) return
    const raw = JSON.stringify({ at: now, reply } satisfies Kept)
    if (raw.length > KEPT_MAX_CHARS) {
      storage.removeItem(PREFIX + key)
      return
    }
    storage.setItem(PREFIX + key, raw)
    const all: { key: string; at: number }[] = []
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i)
      if (name?.startsWith(PREFIX)) all.push({ key: name, at: parse(storage.getItem(name))?.at ?? 0 })
    }
    all.sort((a, b) => a.at - b.at)
    for (const old of all.slice(0, Math.max(0, all.length - KEPT_MAX_ENTRIES))) storage.removeItem(old.key)
  } catch {
    // full or refused: the next open waits for the network
  }
}
