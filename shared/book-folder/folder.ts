/**
 * A folder or picture book as the pages show it (docs/spec/product-spec.md §3 "Directory/folder", mapped for display).
 * The API may send any field null, missing, of the wrong type or hostile; `toBookFolder` turns
 * whatever arrived into this shape and never throws.
 */
export interface BookFolder {
  id: number
  /** From `title`. */
  name: string
  /** 0 picture book, 1 folder of picture books, 2 folder of folders (docs/decisions.md). */
  type: number
  parentId: number
  /** The parent's type; 0 at the root. */
  parentType: number
  /** The category's name (`rootTitle`) and id (`rootId`). */
  category: string
  categoryId: number | null
  ages: string[]
  tags: string[]
  /** From `intro`. */
  description: string
  imageUrl: string
  childCnt: number
  /** 0 draft, 1 submitted. */
  status: number
  /** `YYYY-MM-DDTHH:mm:ss` as sent. */
  updateTime: string
  items: BookFolder[]
}

import { readText, readTextList, readUrl } from '../recorded-work/data/read'

type Raw = Record<string, unknown>

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value)

function int(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback
}

// Children without a usable id can be neither opened, edited nor moved: they are left out.
const hasId = (value: unknown): value is Raw => isRecord(value) && int(value.id, NaN) > 0

// A repeated id would give React two rows with one key and `move` a list with a duplicate: first wins.
function uniqueById(folders: BookFolder[]): BookFolder[] {
  const seen = new Set<number>()
  return folders.filter((folder) => !seen.has(folder.id) && seen.add(folder.id))
}

/** Most tags or ages kept from one folder; the form offers far fewer. */
const MAX_LIST = 50

/**
 * Maps one API folder (anything) to a `BookFolder`, its children too, read as the share pages read
 * theirs (recorded-work/data/read.ts): texts trimmed and capped, the cover only http(s) or relative
 * (never `javascript:` or another scheme).
 */
export function toBookFolder(raw: unknown): BookFolder {
  const f = isRecord(raw) ? raw : {}
  const categoryId = int(f.rootId, NaN)
  return {
    id: int(f.id),
    name: readText(f.title),
    type: int(f.type),
    parentId: int(f.parentId),
    parentType: int(f.parentType),
    category: readText(f.rootTitle),
    categoryId: Number.isNaN(categoryId) ? null : categoryId,
    ages: readTextList(f.ages, MAX_LIST),
    tags: readTextList(f.tags, MAX_LIST),
    description: readText(f.intro),
    imageUrl: readUrl(f.imageUrl),
    childCnt: Math.max(0, int(f.childCnt)),
    status: int(f.status),
    updateTime: readText(f.updateTime),
    items: Array.isArray(f.items) ? uniqueById(f.items.filter(hasId).map(toBookFolder)) : [],
  }
}
