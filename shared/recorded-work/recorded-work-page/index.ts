export { RecordedWorkPage, type RecordedWorkPageProps } from './recorded-work-page'
