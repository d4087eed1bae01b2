import { insertRows } from '../db/bulk'
import type { Queryable } from '../db/db'
import { toAudioRecord, type AudioRecord, type StoredRecord } from './audio-record'

/** A word of a shared word list (contract ShareWord). */
export interface ShareWord {
  id: number
  wordEn: string
  wordCn: string
  mediaUrl: string
  audioRecord: AudioRecord | null
  ukPronunciation: string
  usPronunciation: string
  ukMediaUrl: string
  usMediaUrl: string
  example: string
  exampleCn: string
  ukExampleMediaUrl: string
  usExampleMediaUrl: string
  imageUrl: string
}

/** A word to insert (seed). */
export type NewShareWord = Omit<ShareWord, 'audioRecord'> & {
  shareCode: string
  position: number
  record: StoredRecord | null
}

interface Row {
  id: number
  word_en: string
  word_cn: string
  media_url: string
  uk_pronunciation: string
  us_pronunciation: string
  uk_media_url: string
  us_media_url: string
  example: string
  example_cn: string
  uk_example_media_url: string
  us_example_media_url: string
  image_url: string
  record_media_url: string | null
  record_score: number | null
}

/** The words of a share in order. */
export async function listShareWords(q: Queryable, code: string): Promise<ShareWord[]> {
  const rows = await q.query<Row>('SELECT * FROM share_words WHERE share_code = $1 ORDER BY position', [code])
  return rows.map((row) => ({
    id: row.id,
    wordEn: row.word_en,
    wordCn: row.word_cn,
    mediaUrl: row.media_url,
    audioRecord: toAudioRecord(row.record_media_url, row.record_score, row.word_en, row.word_cn),
    ukPronunciation: row.uk_pronunciation,
    usPronunciation: row.us_pronunciation,
    ukMediaUrl: row.uk_media_url,
    usMediaUrl: row.us_media_url,
    example: row.example,
    exampleCn: row.example_cn,
    ukExampleMediaUrl: row.uk_example_media_url,
    usExampleMediaUrl: row.us_example_media_url,
    imageUrl: row.image_url,
  }))
}

/** Inserts words with their fixed ids. */
export async function insertShareWords(q: Queryable, words: readonly NewShareWord[]): Promise<void> {
  await insertRows(
    q,
    'share_words',
    words.map((w) => ({
      id: w.id,
      share_code: w.shareCode,
      position: w.position,
      word_en: w.wordEn,
      word_cn: w.wordCn,
      media_url: w.mediaUrl,
      uk_pronunciation: w.ukPronunciation,
      us_pronunciation: w.usPronunciation,
      uk_media_url: w.ukMediaUrl,
      us_media_url: w.usMediaUrl,
      example: w.example,
      example_cn: w.exampleCn,
      uk_example_media_url: w.ukExampleMediaUrl,
      us_example_media_url: w.usExampleMediaUrl,
      image_url: w.imageUrl,
      record_media_url: w.record?.mediaUrl ?? null,
      record_score: w.record?.score ?? null,
    })),
  )
}
