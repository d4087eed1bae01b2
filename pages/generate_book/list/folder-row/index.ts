export { FolderRow, DRAG_HANDLE, SORTABLE_CLASSES, type FolderRowProps } from './folder-row'
