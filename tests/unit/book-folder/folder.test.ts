import { describe, expect, it } from 'vitest'
import { toBookFolder } from '@shared/book-folder'

describe('toBookFolder', () => {
  it('maps the API names to the display names', () => {
    const folder = toBookFolder({
      id: 5,
      title: '动物',
      type: 1,
      parentId: 2,
      parentType: 2,
      rootId: 3,
      rootTitle: '自然拼读',
      ages: ['3', '6'],
      tags: ['启蒙'],
      intro: '简介',
      imageUrl: 'https://x/y.png',
      childCnt: 4,
      status: 1,
      updateTime: '2024-05-01T08:09:10',
      items: [{ id: 9, title: '猫', type: 0 }],
    })
    expect(folder).toMatchObject({
      id: 5,
      name: '动物',
      type: 1,
      parentId: 2,
      parentType: 2,
      categoryId: 3,
      category: '自然拼读',
      ages: ['3', '6'],
      tags: ['启蒙'],
      description: '简介',
      childCnt: 4,
      status: 1,
      updateTime: '2024-05-01T08:09:10',
    })
    expect(folder.items.map((item) => item.name)).toEqual(['猫'])
  })

  it('turns null, missing and wrong-typed fields into empty values', () => {
    const folder = toBookFolder({ id: null, title: { html: 1 }, ages: 'x', tags: [null, 3, ''], items: 'no', childCnt: -2, rootId: null })
    expect(folder).toEqual({
      id: 0,
      name: '',
      type: 0,
      parentId: 0,
      parentType: 0,
      category: '',
      categoryId: null,
      ages: [],
      tags: ['3'],
      description: '',
      imageUrl: '',
      childCnt: 0,
      status: 0,
      updateTime: '',
      items: [],
    })
  })

  it('accepts null itself', () => expect(toBookFolder(null).items).toEqual([]))

  it('drops children without a usable id and repeated ids', () => {
    const folder = toBookFolder({ items: [null, { title: 'no id' }, { id: 'abc' }, { id: 4, title: 'a' }, { id: 4, title: 'b' }] })
    expect(folder.items.map((item) => [item.id, item.name])).toEqual([[4, 'a']])
  })

  it('keeps a cover only when it is http(s) or relative, as the share pages do', () => {
    const cover = (imageUrl: unknown) => toBookFolder({ id: 1, imageUrl }).imageUrl
    expect(cover('javascript:alert(1)')).toBe('')
    expect(cover('data:image/svg+xml,<svg onload=alert(1)>')).toBe('')
    expect(cover('file:///etc/passwd')).toBe('')
    expect(cover('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png')
    expect(cover('/uploads/a.png')).toBe('/uploads/a.png')
  })

  it('caps a hostile name and description and the number of tags it lays out', () => {
    const folder = toBookFolder({
      id: 1,
      title: 'x'.repeat(100_000),
      intro: 'y'.repeat(100_000),
      tags: Array.from({ length: 500 }, (_, i) => `t${i}`),
    })
    expect(folder.name.length).toBe(2000)
    expect(folder.description.length).toBe(2000)
    expect(folder.tags).toHaveLength(50)
  })
})
