import type { BookFolder } from '@shared/book-folder'

/** The list page's load cycle (docs/style.md 5). A reload keeps the loaded state on screen until it answers. */
export type FolderListState =
  | { status: 'loading' }
  | { status: 'failed'; msg: string }
  | { status: 'loaded'; folder: BookFolder; items: BookFolder[] }

export type FolderListEvent =
  | { type: 'loaded'; folder: BookFolder }
  | { type: 'failed'; msg: string }
  | { type: 'retry' }
  | { type: 'moved'; from: number; to: number }

export const initialFolderListState: FolderListState = { status: 'loading' }

/** Moves the element at `from` to `to`; indexes out of range leave the list as it was. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list]
  const next = [...list]
  const [moved] = next.splice(from, 1) as [T]
  next.splice(to, 0, moved)
  return next
}

/** Handles only the events that matter in each state; anything else leaves the state as it is. */
export function folderListReducer(state: FolderListState, event: FolderListEvent): FolderListState {
  switch (state.status) {
    case 'loading':
      if (event.type === 'loaded') return { status: 'loaded', folder: event.folder, items: event.folder.items }
      if (event.type === 'failed') return { status: 'failed', msg: event.msg }
      return state
    case 'failed':
      if (event.type === 'retry') return { status: 'loading' }
      if (event.type === 'loaded') return { status: 'loaded', folder: event.folder, items: event.folder.items }
      return state
    case 'loaded':
      // A failed reload keeps what is on screen (the page toasts the message).
      if (event.type === 'loaded') return { status: 'loaded', folder: event.folder, items: event.folder.items }
      if (event.type === 'moved') return { ...state, items: moveItem(state.items, event.from, event.to) }
      return state
  }
}
