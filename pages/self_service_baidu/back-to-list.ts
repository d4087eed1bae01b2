import { listUrl } from '@shared/book-folder'
import { parseQuery } from '@shared/format'

const LIST_PATH = '/generate_book/list'

/** True when `url` is this site's folder list of `listId` (whatever else its query carries). */
export function isListOf(url: string, listId: number): boolean {
  try {
    const parsed = new URL(url)
    if (parsed.origin !== location.origin || parsed.pathname.replace(/\/$/, '') !== LIST_PATH) return false
    const id = Number(parseQuery(parsed.search).id ?? 0)
    return (Number.isSafeInteger(id) && id > 0 ? id : 0) === listId
  } catch {
    return false // no referrer
  }
}

/**
 * Returns to the folder list `listId` the page was opened from: back in history when the page before
 * was that list (so history does not grow a loop; the list reloads on `pageshow`), else that list in
 * place of this page.
 */
export function backToList(listId: number): void {
  if (isListOf(document.referrer, listId) && history.length > 1) history.back()
  else location.replace(listUrl(listId))
}
