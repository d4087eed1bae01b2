import type { CloudImportTarget } from '@shared/api/cloud-drive-types'
import { parseQuery } from '@shared/format'

/** What the page does, read from its URL (contracts/api.md "Cloud-drive import"). */
export interface ImportMode {
  /** `files` (albumId: PDFs become picture books) or `folders` (parentId: folders become folders). */
  pick: 'files' | 'folders'
  target: CloudImportTarget
  /** The list the page returns to: the album, or the parent folder (0 = the index). */
  listId: number
  /** Lower case, e.g. `pdf`: the only files listed. */
  suffix: string
}

export type ModeFromQuery = { ok: true; mode: ImportMode } | { ok: false; reason: string }

const WHOLE = /^\d{1,15}$/
const SUFFIX = /^[a-z0-9]{1,10}$/

/**
 * Reads `?albumId=` or `?parentId=` (exactly one: a whole number; an album is never 0) and
 * `supportSuffix` (default `pdf`). Anything else is refused with the reason, never guessed.
 */
export function modeFromQuery(search: string): ModeFromQuery {
  const query = parseQuery(search)
  const album = query.albumId
  const parent = query.parentId
  if (album !== undefined && parent !== undefined) return { ok: false, reason: 'albumId and parentId both given' }
  const suffix = (query.supportSuffix ?? 'pdf').trim().toLowerCase()
  if (!SUFFIX.test(suffix)) return { ok: false, reason: `bad supportSuffix ${JSON.stringify(query.supportSuffix)}` }
  if (album !== undefined) {
    const id = WHOLE.test(album) ? Number(album) : 0
    if (id <= 0) return { ok: false, reason: `bad albumId ${JSON.stringify(album)}` }
    return { ok: true, mode: { pick: 'files', target: { albumId: id }, listId: id, suffix } }
  }
  if (parent !== undefined) {
    if (!WHOLE.test(parent)) return { ok: false, reason: `bad parentId ${JSON.stringify(parent)}` }
    const id = Number(parent)
    return { ok: true, mode: { pick: 'folders', target: { parentId: id }, listId: id, suffix } }
  }
  return { ok: false, reason: 'neither albumId nor parentId given' }
}
