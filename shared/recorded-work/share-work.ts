import { isInApp, shareUrl } from '@shared/bridge'
import { shareThumbnail } from '@shared/http/share-thumbnail'
import type { RecordedWork } from './data'

/**
 * The share title (docs/spec/product-spec.md §6): the logged-in user's nickname when the host gave one, else the inviter's,
 * e.g. `小米妈妈的录音作品《The Hungry Cat》`; with neither, `录音作品《The Hungry Cat》`. An empty work
 * title drops the `《》`.
 */
export function shareTitle(work: RecordedWork, userNickName: string | null | undefined): string {
  const nick = (typeof userNickName === 'string' && userNickName.trim()) || work.inviter.nickName.trim()
  return `${nick ? `${nick}的` : ''}录音作品${work.title ? `《${work.title}》` : ''}`
}

/**
 * The share page's own query parameters (docs/spec/product-spec.md §6): the share code and the header title. Anything else
 * belongs to the app or the tools that opened the page (`isNeedBackWeb`, the fake host's `fakeHost`,
 * `fakeHostToken`, …, a messenger's tracking) and is not shared.
 */
const OWN_PARAMS = new Set(['r', 'title'])

function decodedKey(pair: string): string {
  const key = pair.split('=', 1)[0]!.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(key)
  } catch {
    return key
  }
}

/**
 * The link to share for the page at `href`: the same URL with only the page's own parameters (`r`,
 * `title`), kept exactly as written, not re-encoded; no hash.
 */
export function shareLink(href: string): string {
  const hashAt = href.indexOf('#')
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt)
  const queryAt = beforeHash.indexOf('?')
  if (queryAt === -1) return beforeHash
  const kept = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== '' && OWN_PARAMS.has(decodedKey(pair)))
  const base = beforeHash.slice(0, queryAt)
  return `${base}${kept.length > 0 ? `?${kept.join('&')}` : ''}`
}

/**
 * The share card's picture: the work's cover (its own image, else its first page's or word's) from the
 * API's origin when it is a PNG or JPEG, else the pages' share-cover.png (shared/http/share-thumbnail.ts).
 */
export function coverThumbnail(work: RecordedWork): string {
  return shareThumbnail(work.imageUrl || work.pages[0]?.imageUrl || work.words[0]?.imageUrl || '')
}

/** What sharing the page sends: the real title, the intro, this page's link and the cover's thumbnail. */
export function sharePayload(work: RecordedWork, userNickName: string | null | undefined) {
  return {
    title: shareTitle(work, userNickName),
    text: work.intro || (work.title ? `《${work.title}》` : ''),
    url: shareLink(window.location.href),
    thumbnail: coverThumbnail(work),
  }
}

/**
 * Shares the page through the host's `shareUrl` ({@link sharePayload}). Returns false outside the app or
 * when the host has no `shareUrl`.
 */
export function shareWork(work: RecordedWork, userNickName: string | null | undefined): boolean {
  if (!isInApp()) return false
  return shareUrl(sharePayload(work, userNickName))
}
