import { listUrl } from '@shared/book-folder'

/**
 * Returns to the folder list `listId` the page was opened from: back in history when the page before
 * was that list (so history does not grow a loop, and the list reloads on `pageshow`), else that list
 * in place of this page.
 */
export function backToList(listId: number): void {
  const list = listUrl(listId)
  let previous = ''
  try {
    const referrer = new URL(document.referrer)
    if (referrer.origin === location.origin) previous = referrer.pathname + referrer.search
  } catch {
    // no referrer
  }
  if (previous === list && history.length > 1) history.back()
  else location.replace(list)
}
