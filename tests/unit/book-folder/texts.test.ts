import { describe, expect, it } from 'vitest'
import { baiduImportUrl, baiduUploadUrl, createUrl, deleteConfirmText, displayName, editUrl, listUrl, tagsLine } from '@shared/book-folder'

describe('deleteConfirmText', () => {
  it('names the file count when the folder has children', () => {
    expect(deleteConfirmText('动物', 3)).toBe('“动物”中包含3个文件，确认删除吗？')
  })

  it('names the one file of a folder with a single child (the boundary of the rule)', () => {
    expect(deleteConfirmText('动物', 1)).toBe('“动物”中包含1个文件，确认删除吗？')
  })

  it('asks plainly when the folder has no children', () => {
    expect(deleteConfirmText('动物', 0)).toBe('确认删除“动物”吗？')
  })

  it('calls an item without a name 未命名, as its row does', () => {
    expect(deleteConfirmText('', 0)).toBe('确认删除“未命名”吗？')
  })

  it('calls a folder with a blank name 未命名 when naming its file count', () => {
    expect(deleteConfirmText('  ', 2)).toBe('“未命名”中包含2个文件，确认删除吗？')
  })
})

describe('displayName', () => {
  it('keeps a name as it is', () => expect(displayName(' 动物 ')).toBe(' 动物 '))
  it('calls an empty name 未命名', () => expect(displayName('')).toBe('未命名'))
  it('calls a blank name 未命名', () => expect(displayName('   ')).toBe('未命名'))
})

describe('tagsLine', () => {
  it('joins category, ages and tags with a middle dot that never starts a line', () => {
    expect(tagsLine('自然拼读', '3-6岁', ['动物', '启蒙'])).toBe('自然拼读\u00a0· 3-6岁\u00a0· 动物\u00a0· 启蒙')
  })

  it('leaves out the empty parts', () => {
    expect(tagsLine('', '', ['动物', ' '])).toBe('动物')
  })

  it('is empty when nothing is known', () => {
    expect(tagsLine('', '', [])).toBe('')
  })
})

describe('page URLs', () => {
  it('opens the list of a folder', () => expect(listUrl(12)).toBe('/generate_book/list?id=12'))
  it('edits a folder', () => expect(editUrl(12)).toBe('/generate_book/create?id=12'))
  it('edits a folder from a list', () => expect(editUrl(12, 0)).toBe('/generate_book/create?id=12&listId=0'))
  it('creates under a parent', () => expect(createUrl(0)).toBe('/generate_book/create?parentId=0'))

  it('uploads from the cloud drive into an album, restricted to pdf', () => {
    expect(baiduUploadUrl(12)).toBe('/self_service_baidu?from=generate_book&albumId=12&supportSuffix=pdf')
  })

  it('imports from the cloud drive under a parent, restricted to pdf', () => {
    expect(baiduImportUrl(12)).toBe('/self_service_baidu?from=generate_book&parentId=12&supportSuffix=pdf')
  })
})
