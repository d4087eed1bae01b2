/**
 * The page URLs of spec §7. Ids are numbers from the API; `encodeURIComponent` keeps a hostile one
 * from adding parameters.
 */

const q = (value: number | string) => encodeURIComponent(String(value))

/** What the cloud-drive page is told about where it was opened from. */
export const CLOUD_DRIVE_FROM = 'generate_book'

/** The folder list; id 0 is the index. */
export const listUrl = (id: number) => `/generate_book/list?id=${q(id)}`

/** Edits folder `id`. */
export const editUrl = (id: number) => `/generate_book/create?id=${q(id)}`

/** Creates a folder under `parentId` (0 = top level). */
export const createUrl = (parentId: number) => `/generate_book/create?parentId=${q(parentId)}`

/** Uploads PDFs from the Baidu cloud drive into the picture-book folder `albumId`. */
export const baiduUploadUrl = (albumId: number) =>
  `/self_service_baidu?from=${CLOUD_DRIVE_FROM}&albumId=${q(albumId)}&supportSuffix=pdf`

/** Imports folders from the Baidu cloud drive under `parentId`. */
export const baiduImportUrl = (parentId: number) =>
  `/self_service_baidu?from=${CLOUD_DRIVE_FROM}&parentId=${q(parentId)}&supportSuffix=pdf`
