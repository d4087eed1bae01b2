import { listUrl } from '@shared/book-folder'

/**
 * Back to the list after a save: history back when a list opened this page (the list reloads when
 * it shows again), else the list of `listId` (the one the page was opened from) in place of this page.
 */
export function returnToList(listId: number): void {
  let fromList = false
  try {
    const referrer = new URL(document.referrer)
    fromList = referrer.origin === location.origin && referrer.pathname.replace(/\/$/, '') === '/generate_book/list'
  } catch {
    // no referrer
  }
  if (fromList && history.length > 1) history.back()
  else location.replace(listUrl(listId))
}
