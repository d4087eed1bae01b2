/** shared/app/define-page.ts: one parser per page, for the page, its HTML's early requests and the build. */
import { describe, expect, it } from 'vitest'
import { getDirectory } from '@shared/api/get-directory'
import { definePage, param } from '@shared/app/define-page'
import createPage from '../../../pages/generate_book/create/page'
import sharePage from '../../../pages/recorded_share/page'

const page = definePage({
  title: '测试',
  params: { r: param.text(), id: param.id(), edit: param.requiredId(), list: param.wholeNumber(), back: param.flag() },
  firstRequests: ({ id, edit }) => [getDirectory.request(id), edit !== undefined && getDirectory.request(edit)],
  signedIn: true,
  demoLinks: [],
})

describe('param', () => {
  it('reads text trimmed, and absent as empty', () => {
    expect(page.parse('?r=%20abc%20').r).toBe('abc')
    expect(page.parse('').r).toBe('')
  })

  it('reads an id as a positive whole number, anything else as 0', () => {
    for (const [search, id] of [
      ['?id=11', 11],
      ['?id=0', 0],
      ['?id=-3', 0],
      ['?id=1.5', 0],
      ['?id=1;drop', 0],
      ['', 0],
    ] as const) {
      expect(page.parse(search).id, search).toBe(id)
    }
  })

  it('reads a folder id as a whole number from 0, absent as 0, and anything else as null (a link naming no folder)', () => {
    const list = definePage({ title: '列表', params: { id: param.folderId() }, signedIn: true, demoLinks: [] })
    for (const [search, id] of [
      ['?id=11', 11],
      ['?id=0', 0],
      ['?id=', 0],
      ['', 0],
      ['?id=abc', null],
      ['?id=-3', null],
      ['?id=1.5', null],
      ['?id=1;drop', null],
    ] as const) {
      expect(list.parse(search).id, search).toBe(id)
    }
  })

  it('reads a required id as a positive whole number, anything else as absent', () => {
    expect(page.parse('?edit=7').edit).toBe(7)
    for (const search of ['?edit=0', '?edit=x', '?edit=', '']) expect(page.parse(search).edit, search).toBeUndefined()
  })

  it('reads a whole number from 0, anything else as absent', () => {
    expect(page.parse('?list=0').list).toBe(0)
    for (const search of ['?list=-1', '?list=', '']) expect(page.parse(search).list, search).toBeUndefined()
  })

  it('reads a flag as true only for 1', () => {
    expect(page.parse('?back=1').back).toBe(true)
    expect(page.parse('?back=true').back).toBe(false)
  })

  it('limits text to its maximum length', () => {
    expect(sharePage.parse(`?title=${'字'.repeat(2100)}`).title).toHaveLength(2000)
  })
})

describe('requestsFor', () => {
  it('lists the requests the URL makes, each exactly as its endpoint sends it', () => {
    expect(page.requestsFor(page.parse('?id=4&edit=9'))).toEqual([{ path: '/v1/directory/4' }, { path: '/v1/directory/9' }])
    expect(page.requestsFor(page.parse(''))).toEqual([{ path: '/v1/directory/0' }])
  })

  it('starts the share only for a link with a code, with its cover preload, kept for the next open', () => {
    expect(sharePage.requestsFor(sharePage.parse('?r=abc'))).toEqual([
      { path: '/v1/share/uar', params: { r: 'abc' }, preloadImage: 'data.imageUrl', keep: true },
    ])
    expect(sharePage.requestsFor(sharePage.parse('?title=x'))).toEqual([])
  })

  it('asks the create page for the folder only when it edits one', () => {
    expect(createPage.requestsFor(createPage.parse('?parentId=10')).map((r) => r.path)).toEqual(['/v1/bookCreation/options'])
    expect(createPage.requestsFor(createPage.parse('?id=11')).map((r) => r.path)).toEqual(['/v1/bookCreation/options', '/v1/directory/11'])
  })
})
