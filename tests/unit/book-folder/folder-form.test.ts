import { describe, expect, it } from 'vitest'
import { toBookFolder } from '@shared/book-folder'
import {
  agesOf,
  emptyForm,
  formFromFolder,
  isDirty,
  mergeFresh,
  toFormOptions,
  toInput,
  toUpdate,
  validateForm,
} from '../../../pages/generate_book/create/folder-form'
import { targetFromQuery as fromQuery } from '../../../pages/generate_book/create/create-state'
import createPage from '../../../pages/generate_book/create/page'

const form = (patch: Partial<typeof emptyForm>) => ({ ...emptyForm, ...patch })

describe('validateForm', () => {
  it('asks for a name when it is blank after trimming', () => {
    expect(validateForm(form({ title: '   ' }))).toEqual({ field: 'title', msg: '请输入名称' })
  })

  it('accepts 30 emoji as a 30-character name', () => {
    expect(validateForm(form({ title: '👨‍👩‍👧'.repeat(30) }))).toBeNull()
  })

  it('refuses a 31-character name', () => {
    expect(validateForm(form({ title: '猫'.repeat(31) }))).toEqual({ field: 'title', msg: '名称不能超过30个字' })
  })

  it('refuses an intro over 200 characters', () => {
    expect(validateForm(form({ title: 'a', intro: 'x'.repeat(201) }))?.field).toBe('intro')
  })
})

describe('agesOf', () => {
  it('keeps a range as first and last', () => expect(agesOf({ ageFrom: '3', ageTo: '6' })).toEqual(['3', '6']))
  it('keeps one age when both ends are equal', () => expect(agesOf({ ageFrom: '5', ageTo: '5' })).toEqual(['5']))
  it('keeps one age when only one end is set', () => expect(agesOf({ ageFrom: '', ageTo: '6' })).toEqual(['6']))
  it('is empty when neither is set', () => expect(agesOf({ ageFrom: '', ageTo: '' })).toEqual([]))
})

describe('toInput and toUpdate', () => {
  const filled = form({
    title: ' 动物 ',
    intro: ' 简介😀 ',
    categoryId: 3,
    ageFrom: '3',
    ageTo: '6',
    tags: ['启蒙'],
    imageUrl: '/uploads/a.png',
  })

  it('creates a folder of picture books with trimmed texts', () => {
    expect(toInput(filled, 10)).toEqual({
      parentId: 10,
      type: 1,
      title: '动物',
      intro: '简介😀',
      imageUrl: '/uploads/a.png',
      rootId: 3,
      ages: ['3', '6'],
      tags: ['启蒙'],
    })
  })

  it('updates only the editable fields, never type or parent', () => {
    const update = toUpdate(filled, 42)
    expect(update).toMatchObject({ id: 42, title: '动物' })
    expect(update).not.toHaveProperty('type')
    expect(update).not.toHaveProperty('parentId')
  })
})

describe('formFromFolder', () => {
  it('fills the form from an edited folder, ages as first and last', () => {
    const folder = toBookFolder({ id: 4, title: '猫', rootId: 2, ages: ['3', '4', '6'], tags: ['a'], intro: 'i', imageUrl: '/x.png' })
    expect(formFromFolder(folder)).toEqual({
      title: '猫',
      categoryId: 2,
      ageFrom: '3',
      ageTo: '6',
      tags: ['a'],
      intro: 'i',
      imageUrl: '/x.png',
    })
  })

  it('gives an empty form for a folder with every field missing', () => {
    expect(formFromFolder(toBookFolder(null))).toEqual(emptyForm)
  })
})

describe('toFormOptions', () => {
  it('drops nulls, blanks, bad ids and repeats', () => {
    const options = toFormOptions({
      categories: [{ id: 1, name: '绘本' }, { id: null, name: 'x' }, { id: 1, name: 'again' }, null as never],
      ages: ['3', '', '3', null as never],
      tags: null,
    })
    expect(options).toEqual({ categories: [{ id: 1, name: '绘本' }], ages: ['3'], tags: [] })
  })

  it('adds what the edited folder holds but the options lack', () => {
    const folder = toBookFolder({ rootId: 9, rootTitle: '旧分类', ages: ['2'], tags: ['旧'] })
    const options = toFormOptions({ categories: [], ages: ['3'], tags: ['新'] }, folder)
    expect(options).toEqual({ categories: [{ id: 9, name: '旧分类' }], ages: ['3', '2'], tags: ['新', '旧'] })
  })
})

describe('isDirty', () => {
  it('is clean when nothing changed', () => expect(isDirty(form({ tags: ['a'] }), form({ tags: ['a'] }))).toBe(false))
  it('is dirty after typing', () => expect(isDirty(form({ title: 'a' }), emptyForm)).toBe(true))
  it('is dirty after picking a tag', () => expect(isDirty(form({ tags: ['a'] }), emptyForm)).toBe(true))
})

/** The target of the create page's query `query`, read by the page's descriptor as the page reads it. */
const targetFromQuery = (query: Record<string, string>) => fromQuery(createPage.parse(new URLSearchParams(query).toString()))

describe('targetFromQuery', () => {
  it('edits for ?id=', () => expect(targetFromQuery({ id: '12' })).toEqual({ mode: 'edit', id: 12 }))
  it('keeps the list the edit was opened from', () => {
    expect(targetFromQuery({ id: '12', listId: '12' })).toEqual({ mode: 'edit', id: 12, listId: 12 })
  })
  it('keeps the index as the list the edit was opened from', () => {
    expect(targetFromQuery({ id: '12', listId: '0' })).toEqual({ mode: 'edit', id: 12, listId: 0 })
  })
  it('ignores a list id that is not a whole number from 0', () => {
    expect(targetFromQuery({ id: '12', listId: '-1' })).toEqual({ mode: 'edit', id: 12 })
    expect(targetFromQuery({ id: '12', listId: '' })).toEqual({ mode: 'edit', id: 12 })
  })
  it('creates under ?parentId=', () => expect(targetFromQuery({ parentId: '10' })).toEqual({ mode: 'create', parentId: 10 }))
  it('creates at the top level for a hostile id', () => {
    expect(targetFromQuery({ id: '1;drop', parentId: '-4' })).toEqual({ mode: 'create', parentId: 0 })
  })
})

describe('mergeFresh (an edit drawn from kept values, then the folder as it is now)', () => {
  const kept = form({ title: '启蒙绘本', categoryId: 1, ageFrom: '3岁', ageTo: '6岁', tags: ['睡前', '动物'], intro: '旧简介' })

  it('takes every current value when the user has changed nothing', () => {
    const now = form({ ...kept, title: '启蒙绘本 第二辑', tags: ['动物'], intro: '新简介', imageUrl: 'https://cdn/x.png' })
    expect(mergeFresh(kept, kept, now)).toEqual(now)
  })

  it('keeps what the user changed, and takes the current value of every other field', () => {
    const typed = { ...kept, title: '我的新名字', tags: ['动物', '睡前', '儿歌'] }
    const now = { ...kept, title: '别处改的名字', intro: '新简介', ageTo: '8岁' }
    expect(mergeFresh(typed, kept, now)).toEqual({ ...now, title: '我的新名字', tags: ['动物', '睡前', '儿歌'] })
  })

  it('reads tags as a set: the same tags in another order are not a change', () => {
    const reordered = { ...kept, tags: ['动物', '睡前'] }
    expect(mergeFresh(reordered, kept, { ...kept, tags: ['儿歌'] }).tags).toEqual(['儿歌'])
  })

  it('changes nothing when the folder is as it was kept', () => {
    const typed = { ...kept, intro: '我写的简介' }
    expect(isDirty(mergeFresh(typed, kept, kept), typed)).toBe(false)
  })
})
