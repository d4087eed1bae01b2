import { RecordedWorkPage } from '@shared/recorded-work/recorded-work-page'

/** 录音作品 (/recorded_share): a picture book, or the word variant when the share has words. */
export function RecordedSharePage() {
  return <RecordedWorkPage variant="auto" />
}
