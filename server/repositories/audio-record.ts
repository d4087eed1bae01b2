/** The learner's recording of a sentence, word or page (contract AudioRecord). */
export interface AudioRecord {
  mediaUrl: string
  suggestedScore: number
  en: string
  cn: string
}

/** Builds the AudioRecord of a row's `record_*` columns, or null when nothing was recorded. */
export function toAudioRecord(mediaUrl: string | null, score: number | null, en: string, cn: string): AudioRecord | null {
  if (!mediaUrl) return null
  return { mediaUrl, suggestedScore: score ?? 0, en, cn }
}

/** The learner's recording as stored: a URL and a score, or nothing. */
export interface StoredRecord {
  mediaUrl: string
  score: number
}
