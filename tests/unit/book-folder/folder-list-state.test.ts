import { describe, expect, it } from 'vitest'
import { toBookFolder } from '@shared/book-folder'
import { loadReducer, type LoadEvent } from '@shared/hooks/use-load'
import { listOf, moveItem, type FolderListData, type FolderListState } from '../../../pages/generate_book/list/folder-list-state'

const folder = toBookFolder({ id: 5, title: '动物', type: 1, items: [{ id: 1 }, { id: 2 }, { id: 3 }] })
const loaded: FolderListState = { status: 'loaded', data: listOf(folder) }
const ids = (state: FolderListState) => (state.status === 'loaded' ? state.data.items.map((item) => item.id) : null)

/** The list's load cycle: the shared one (shared/hooks/use-load.ts), with the list's events. */
const folderListReducer = (state: FolderListState, event: ListEvent) => {
  if (event.type === 'loaded') return loadReducer(state, { type: 'resolved', data: listOf(event.folder) })
  if (event.type === 'failed') return loadReducer(state, { type: 'rejected', msg: event.msg })
  if (event.type === 'moved') {
    const { from, to } = event
    return loadReducer(state, { type: 'updated', update: (d: FolderListData) => ({ ...d, items: moveItem(d.items, from, to) }) })
  }
  return loadReducer(state, event)
}
type ListEvent =
  | { type: 'loaded'; folder: typeof folder }
  | { type: 'failed'; msg: string }
  | { type: 'moved'; from: number; to: number }
  | Extract<LoadEvent<FolderListData>, { type: 'retry' }>

describe('moveItem', () => {
  it('moves an element down', () => expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]))
  it('moves an element up', () => expect(moveItem([1, 2, 3, 4], 3, 1)).toEqual([1, 4, 2, 3]))
  it('leaves the list as it was for an index out of range', () => expect(moveItem([1, 2], 0, 5)).toEqual([1, 2]))
})

describe('folderListReducer', () => {
  describe('when loading', () => {
    it('shows the folder once it arrives', () => {
      expect(ids(folderListReducer({ status: 'loading' }, { type: 'loaded', folder }))).toEqual([1, 2, 3])
    })

    it('fails with the message', () => {
      expect(folderListReducer({ status: 'loading' }, { type: 'failed', msg: '获取数据失败' })).toEqual({
        status: 'failed',
        msg: '获取数据失败',
      })
    })

    it('ignores a move', () => {
      expect(folderListReducer({ status: 'loading' }, { type: 'moved', from: 0, to: 1 })).toEqual({ status: 'loading' })
    })
  })

  describe('when failed', () => {
    it('loads again on retry', () => {
      expect(folderListReducer({ status: 'failed', msg: 'x' }, { type: 'retry' })).toEqual({ status: 'loading' })
    })
  })

  describe('when loaded', () => {
    it('reorders the children at once on a move', () => {
      expect(ids(folderListReducer(loaded, { type: 'moved', from: 2, to: 0 }))).toEqual([3, 1, 2])
    })

    it('keeps the folder on screen when a reload fails', () => {
      expect(folderListReducer(loaded, { type: 'failed', msg: 'x' })).toBe(loaded)
    })

    it('takes the server order on a reload', () => {
      const moved = folderListReducer(loaded, { type: 'moved', from: 0, to: 2 })
      expect(ids(folderListReducer(moved, { type: 'loaded', folder }))).toEqual([1, 2, 3])
    })
  })
})
