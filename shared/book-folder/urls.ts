/**
 * The page URLs of docs/spec/product-spec.md §7. Ids are numbers from the API; `encodeURIComponent` keeps a hostile one
 * from adding parameters.
 */

const q = (value: number | string) => encodeURIComponent(String(value))

/** What the cloud-drive page is told about where it was opened from. */
export const CLOUD_DRIVE_FROM = 'generate_book'

/** The folder list; id 0 is the index. */
export const listUrl = (id: number) => `/generate_book/list?id=${q(id)}`

/**
 * Edits folder `id`. `listId` names the list the edit is opened from (0 = the index): a folder can be
 * edited from its parent's list or from its own summary card, and the save returns there even when
 * the page gets no referrer.
 */
export const editUrl = (id: number, listId?: number) =>
  `/generate_book/create?id=${q(id)}${listId === undefined ? '' : `&listId=${q(listId)}`}`

/** Creates a folder under `parentId` (0 = top level). */
export const createUrl = (parentId: number) => `/generate_book/create?parentId=${q(parentId)}`

/** Uploads PDFs from the Baidu cloud drive into the picture-book folder `albumId`. */
export const baiduUploadUrl = (albumId: number) => `/self_service_baidu?from=${CLOUD_DRIVE_FROM}&albumId=${q(albumId)}&supportSuffix=pdf`

/** Imports folders from the Baidu cloud drive under `parentId`. */
export const baiduImportUrl = (parentId: number) => `/self_service_baidu?from=${CLOUD_DRIVE_FROM}&parentId=${q(parentId)}&supportSuffix=pdf`
