import type { BookCreationInput, BookCreationOptions } from '@shared/api/types'
import type { BookFolder } from '@shared/book-folder'
import { segmentLength } from '@shared/format'

/** Most user-perceived characters in a name and an intro (the server's limits). */
export const TITLE_MAX = 30
export const INTRO_MAX = 200

/** What the create/edit form holds. Ages are a first–last range of option values. */
export interface FolderForm {
  title: string
  /** `null` = no category. */
  categoryId: number | null
  ageFrom: string
  ageTo: string
  tags: string[]
  intro: string
  imageUrl: string
}

/** The choices of the form, cleaned of nulls, blanks and repeats. */
export interface FormOptions {
  categories: { id: number; name: string }[]
  ages: string[]
  tags: string[]
}

export const emptyForm: FolderForm = { title: '', categoryId: null, ageFrom: '', ageTo: '', tags: [], intro: '', imageUrl: '' }

const unique = (values: readonly string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))]
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [])

/**
 * The options from `bookCreation/options`, plus the values `folder` already has that the list lacks
 * (an edited folder must show what it holds, even a value since retired).
 */
export function toFormOptions(raw: BookCreationOptions | null | undefined, folder?: BookFolder | null): FormOptions {
  const categories: FormOptions['categories'] = []
  for (const c of Array.isArray(raw?.categories) ? raw.categories : []) {
    const id = typeof c?.id === 'number' && Number.isSafeInteger(c.id) && c.id > 0 ? c.id : null
    if (id !== null && !categories.some((known) => known.id === id)) categories.push({ id, name: String(c?.name ?? '') || `#${id}` })
  }
  if (folder?.categoryId && !categories.some((c) => c.id === folder.categoryId)) {
    categories.push({ id: folder.categoryId, name: folder.category || `#${folder.categoryId}` })
  }
  return {
    categories,
    ages: unique([...strings(raw?.ages), ...(folder?.ages ?? [])]),
    tags: unique([...strings(raw?.tags), ...(folder?.tags ?? [])]),
  }
}

/** The form filled from a folder being edited (ages: its first and last). */
export function formFromFolder(folder: BookFolder): FolderForm {
  return {
    title: folder.name,
    categoryId: folder.categoryId || null,
    ageFrom: folder.ages[0] ?? '',
    ageTo: folder.ages[folder.ages.length - 1] ?? '',
    tags: unique(folder.tags),
    intro: folder.description,
    imageUrl: folder.imageUrl,
  }
}

/** The ages to save: `[from, to]`, one age when both are equal or only one is set, or none. */
export function agesOf(form: Pick<FolderForm, 'ageFrom' | 'ageTo'>): string[] {
  const ages = [form.ageFrom, form.ageTo].filter(Boolean)
  return ages[0] === ages[1] ? ages.slice(0, 1) : ages
}

/** The first problem that stops a save (shown under its field), or null. */
export function validateForm(form: FolderForm): { field: 'title' | 'intro'; msg: string } | null {
  const title = form.title.trim()
  if (!title) return { field: 'title', msg: '请输入名称' }
  if (segmentLength(title) > TITLE_MAX) return { field: 'title', msg: `名称不能超过${TITLE_MAX}个字` }
  if (segmentLength(form.intro.trim()) > INTRO_MAX) return { field: 'intro', msg: `简介不能超过${INTRO_MAX}个字` }
  return null
}

/** The `add` / `update` body for the form (a created folder is a folder of picture books, type 1). */
export function toInput(form: FolderForm, parentId: number): BookCreationInput {
  return {
    parentId,
    type: 1,
    title: form.title.trim(),
    intro: form.intro.trim(),
    imageUrl: form.imageUrl,
    rootId: form.categoryId,
    ages: agesOf(form),
    tags: form.tags,
  }
}

/** The `update` body: the editable fields only (type and parent never change through edit). */
export function toUpdate(form: FolderForm, id: number): { id: number } & Omit<BookCreationInput, 'parentId' | 'type'> {
  const { parentId: _parentId, type: _type, ...fields } = toInput(form, 0)
  return { id, ...fields }
}

/** Whether the user changed anything worth asking about before leaving. */
export function isDirty(form: FolderForm, initial: FolderForm): boolean {
  return (
    form.title !== initial.title ||
    form.categoryId !== initial.categoryId ||
    form.ageFrom !== initial.ageFrom ||
    form.ageTo !== initial.ageTo ||
    form.intro !== initial.intro ||
    form.imageUrl !== initial.imageUrl ||
    form.tags.length !== initial.tags.length ||
    form.tags.some((tag) => !initial.tags.includes(tag))
  )
}

const sameValue = <K extends keyof FolderForm>(a: FolderForm[K], b: FolderForm[K]) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v) => b.includes(v)) : a === b

/**
 * The form once the folder's current values (`fresh`) replace those it was drawn from (`from`, kept at
 * the last open): a field the user has changed keeps what they typed, every other field takes its
 * current value. So a save changes only what the user changed, never a newer value back to an old one.
 */
export function mergeFresh(form: FolderForm, from: FolderForm, fresh: FolderForm): FolderForm {
  const merged = { ...form }
  for (const key of Object.keys(form) as (keyof FolderForm)[]) {
    if (sameValue(form[key], from[key])) (merged as Record<keyof FolderForm, unknown>)[key] = fresh[key]
  }
  return merged
}
