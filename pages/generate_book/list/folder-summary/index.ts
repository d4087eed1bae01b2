export { FolderSummary, type FolderSummaryProps } from './folder-summary'
