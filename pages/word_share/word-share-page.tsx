import { RecordedWorkPage } from '@shared/recorded-work/recorded-work-page'

/** 单词录音作品 (/word_share): one card per word with the UK/US switch. */
export function WordSharePage() {
  return <RecordedWorkPage variant="words" />
}
