import { shareUrl } from '@shared/bridge'
import { isInApp } from '@shared/env'
import type { RecordedWork } from './data'

/**
 * The share title (spec §6): the logged-in user's nickname when the host gave one, else the inviter's,
 * e.g. `小米妈妈的录音作品《The Hungry Cat》`; with neither, `录音作品《The Hungry Cat》`. An empty work
 * title drops the `《》`.
 */
export function shareTitle(work: RecordedWork, userNickName: string | null | undefined): string {
  const nick = (typeof userNickName === 'string' && userNickName.trim()) || work.inviter.nickName.trim()
  return `${nick ? `${nick}的` : ''}录音作品${work.title ? `《${work.title}》` : ''}`
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
 * Shares the page. In the app: the native `shareUrl` with this page's URL; returns true. Outside it
 * returns false, and the caller shows the share-guide mask.
 */
export function shareWork(work: RecordedWork, userNickName: string | null | undefined): boolean {
  if (!isInApp()) return false
  const thumbnail = absolute(work.imageUrl || work.pages[0]?.imageUrl || work.words[0]?.imageUrl || '')
  return shareUrl({
    title: shareTitle(work, userNickName),
    text: work.intro || (work.title ? `《${work.title}》` : ''),
    url: window.location.href,
    thumbnail,
  })
}
