/**
 * What the import page does, read from its query (React-free, and free of the page's descriptor: the
 * descriptor's first requests use it, query.ts reads the page's URL with it).
 */
import type { CloudImportTarget } from '@shared/api/cloud-drive-types'

/** What the page does, read from its URL (docs/contracts/api.md "Cloud-drive import"). */
export interface ImportMode {
  /** `files` (albumId: PDFs become picture books) or `folders` (parentId: folders become folders). */
  pick: 'files' | 'folders'
  target: CloudImportTarget
  /** The list the page returns to: the album, or the parent folder (0 = the index). */
  listId: number
  /** Lower case, e.g. `pdf`: the only files listed. */
  suffix: string
}

/** What the mode is read from: the page's query (page.ts `params`). */
export interface ModeQuery {
  albumId: string
  parentId: string
  supportSuffix: string
}

export type ModeFromQuery = { ok: true; mode: ImportMode } | { ok: false; reason: string }

const WHOLE = /^\d{1,15}$/
const SUFFIX = /^[a-z0-9]{1,10}$/

/**
 * The mode of `query`: exactly one of `albumId` (a positive whole number) and `parentId` (a whole
 * number, 0 = the top level), and `supportSuffix` (default `pdf`). Anything else is refused with the
 * reason, never guessed.
 */
export function modeOf(query: ModeQuery): ModeFromQuery {
  const { albumId: album, parentId: parent } = query
  if (album && parent) return { ok: false, reason: 'albumId and parentId both given' }
  const suffix = (query.supportSuffix || 'pdf').toLowerCase()
  if (!SUFFIX.test(suffix)) return { ok: false, reason: `bad supportSuffix ${JSON.stringify(query.supportSuffix)}` }
  if (album) {
    const id = WHOLE.test(album) ? Number(album) : 0
    if (id <= 0) return { ok: false, reason: `bad albumId ${JSON.stringify(album)}` }
    return { ok: true, mode: { pick: 'files', target: { albumId: id }, listId: id, suffix } }
  }
  if (parent) {
    if (!WHOLE.test(parent)) return { ok: false, reason: `bad parentId ${JSON.stringify(parent)}` }
    const id = Number(parent)
    return { ok: true, mode: { pick: 'folders', target: { parentId: id }, listId: id, suffix } }
  }
  return { ok: false, reason: 'neither albumId nor parentId given' }
}
