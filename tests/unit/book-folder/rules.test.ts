import { describe, expect, it } from 'vitest'
import { addMethodOptions, bottomActions, canSubmit, cloudDriveAllowed, createMethodOptions, viewKind } from '@shared/book-folder'

const folder = (type: number, parentType = 0, id = 7) => ({ id, type, parentType })
const child = (type: number) => ({ type })

describe('viewKind', () => {
  it('is the index for id 0', () => expect(viewKind(0, 3)).toBe('index'))
  it('is a folder when the folder has children', () => expect(viewKind(5, 2)).toBe('folder'))
  it('is an empty folder when the folder has no children', () => expect(viewKind(5, 0)).toBe('empty_folder'))
})

describe('canSubmit', () => {
  it('allows a type 1 folder whose parent is not type 2', () => expect(canSubmit(folder(1, 0))).toBe(true))
  it('refuses a type 1 folder under a type 2 folder', () => expect(canSubmit(folder(1, 2))).toBe(false))
  it('allows a type 2 folder', () => expect(canSubmit(folder(2, 0))).toBe(true))
  it('allows a picture book even under a type 2 parent', () => expect(canSubmit(folder(0, 2))).toBe(true))
  it('refuses the index, which is no folder of its own', () => expect(canSubmit(folder(2, 0, 0))).toBe(false))
})

describe('bottomActions', () => {
  it('never offers 添加绘本 on the index, whatever its children: books live in folders', () => {
    for (const children of [[], [child(0)], [child(1)], [child(2), child(1)]]) {
      expect(bottomActions(folder(0, 0, 0), children)).toEqual(['addFolder'])
    }
  })

  it('offers only 添加文件夹 in a type 2 folder, which holds folders only', () => {
    expect(bottomActions(folder(2), [])).toEqual(['addFolder'])
    expect(bottomActions(folder(2), [child(1)])).toEqual(['addFolder'])
  })

  it('offers nothing to add to a picture book', () => {
    expect(bottomActions(folder(0, 1), [])).toEqual([])
  })

  it('offers 进入绘本 and 完成提交 in a type 1 folder at the top level', () => {
    expect(bottomActions(folder(1, 0), [child(0)])).toEqual(['enterBook', 'finishSubmit'])
  })

  it('offers 进入绘本 and 返回上一级 in a type 1 folder under a type 2 folder', () => {
    expect(bottomActions(folder(1, 2), [])).toEqual(['enterBook', 'backToParent'])
  })
})

describe('cloudDriveAllowed', () => {
  it('refuses version 2.11.9', () => expect(cloudDriveAllowed('2.11.9')).toBe(false))
  it('allows version 2.12.0', () => expect(cloudDriveAllowed('2.12.0')).toBe(true))
  it('allows a later version with fewer parts', () => expect(cloudDriveAllowed('3')).toBe(true))
  it('allows an unknown version', () => expect(cloudDriveAllowed(null)).toBe(true))
})

describe('the add-method sheet', () => {
  it('lists 百度网盘上传, 拍照 and 本地PDF文件 when the cloud drive is allowed', () => {
    expect(addMethodOptions(cloudDriveAllowed('2.12.0')).map((o) => o.text)).toEqual(['百度网盘上传', '拍照', '本地PDF文件'])
  })

  it('leaves 百度网盘上传 out for version 2.11.9', () => {
    expect(addMethodOptions(cloudDriveAllowed('2.11.9')).map((o) => o.text)).toEqual(['拍照', '本地PDF文件'])
  })

  it('keeps 百度网盘上传 for an unknown version', () => {
    expect(addMethodOptions(cloudDriveAllowed(null)).map((o) => o.text)).toContain('百度网盘上传')
  })
})

describe('the create-method sheet', () => {
  it('lists 网盘导入 and 手动创建 when the cloud drive is allowed', () => {
    expect(createMethodOptions(cloudDriveAllowed('2.12.0')).map((o) => o.text)).toEqual(['网盘导入', '手动创建'])
  })

  it('leaves 网盘导入 out for version 2.11.9', () => {
    expect(createMethodOptions(cloudDriveAllowed('2.11.9')).map((o) => o.text)).toEqual(['手动创建'])
  })

  it('keeps 网盘导入 for an unknown version', () => {
    expect(createMethodOptions(cloudDriveAllowed(null)).map((o) => o.text)).toEqual(['网盘导入', '手动创建'])
  })
})
