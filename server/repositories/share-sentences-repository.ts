import { insertRows } from '../db/bulk'
import type { Queryable } from '../db/db'
import { toAudioRecord, type AudioRecord, type StoredRecord } from './audio-record'

/** A sentence of a shared page (contract Sentence) and the page it belongs to. */
export interface ShareSentenceRow {
  itemId: number
  en: string
  cn: string
  mediaUrl: string
  startTimeMs: number
  endTimeMs: number
  audioRecord: AudioRecord | null
}

/** A sentence to insert (seed). */
export interface NewShareSentence {
  id: number
  itemId: number
  position: number
  en: string
  cn: string
  mediaUrl: string
  startMs: number
  endMs: number
  record: StoredRecord | null
}

interface Row {
  item_id: number
  en: string
  cn: string
  media_url: string
  start_ms: number
  end_ms: number
  record_media_url: string | null
  record_score: number | null
}

/** Every sentence of every page of a share, in page order then sentence order. */
export async function listShareSentences(q: Queryable, code: string): Promise<ShareSentenceRow[]> {
  const rows = await q.query<Row>(
    `SELECT s.* FROM share_sentences s JOIN share_items i ON i.id = s.item_id
     WHERE i.share_code = $1 ORDER BY i.position, s.position`,
    [code],
  )
  return rows.map((row) => ({
    itemId: row.item_id,
    en: row.en,
    cn: row.cn,
    mediaUrl: row.media_url,
    startTimeMs: row.start_ms,
    endTimeMs: row.end_ms,
    audioRecord: toAudioRecord(row.record_media_url, row.record_score, row.en, row.cn),
  }))
}

/** Inserts sentences with their fixed ids. */
export async function insertShareSentences(q: Queryable, sentences: readonly NewShareSentence[]): Promise<void> {
  await insertRows(
    q,
    'share_sentences',
    sentences.map((s) => ({
      id: s.id,
      item_id: s.itemId,
      position: s.position,
      en: s.en,
      cn: s.cn,
      media_url: s.mediaUrl,
      start_ms: s.startMs,
      end_ms: s.endMs,
      record_media_url: s.record?.mediaUrl ?? null,
      record_score: s.record?.score ?? null,
    })),
  )
}
