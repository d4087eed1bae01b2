import { isInApp, shareUrl } from '@shared/bridge'
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
 * Query parameters that only make sense inside the app that opened the page: `isNeedBackWeb` draws a
 * back bar for the WebView (useless to someone opening the link in WeChat), `fakeHost` turns on the
 * reference server's stand-in app.
 */
const IN_APP_ONLY = new Set(['isNeedBackWeb', 'fakeHost'])

function decodedKey(pair: string): string {
  const key = pair.split('=', 1)[0]!.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(key)
  } catch {
    return key
  }
}

/**
 * The link to share for the page at `href`: the same URL without the in-app-only parameters. The other
 * parameters (`r`, `title`) and the hash are kept exactly as written, not re-encoded.
 */
export function shareLink(href: string): string {
  const hashAt = href.indexOf('#')
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt)
  const hash = hashAt === -1 ? '' : href.slice(hashAt)
  const queryAt = beforeHash.indexOf('?')
  if (queryAt === -1) return href
  const kept = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => pair !== '' && !IN_APP_ONLY.has(decodedKey(pair)))
  const base = beforeHash.slice(0, queryAt)
  return `${base}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`
}

function absolute(url: string): string {
  if (!url) return ''
  try {
    return new URL(url, window.location.href).href
  } catch {
    return ''
  }
}

/**
 * Shares the page. In the app: the native `shareUrl` with this page's link ({@link shareLink});
 * returns true. Outside it returns false, and the caller shows the share-guide mask.
 */
export function shareWork(work: RecordedWork, userNickName: string | null | undefined): boolean {
  if (!isInApp()) return false
  const thumbnail = absolute(work.imageUrl || work.pages[0]?.imageUrl || work.words[0]?.imageUrl || '')
  return shareUrl({
    title: shareTitle(work, userNickName),
    text: work.intro || (work.title ? `《${work.title}》` : ''),
    url: shareLink(window.location.href),
    thumbnail,
  })
}
