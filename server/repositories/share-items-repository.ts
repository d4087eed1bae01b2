import { insertRows } from '../db/bulk'
import type { Queryable } from '../db/db'
import { toAudioRecord, type AudioRecord, type StoredRecord } from './audio-record'

/** A page of a shared book, without its sentences. */
export interface ShareItemRow {
  id: number
  imageUrl: string
  contentEn: string
  contentCn: string
  mediaUrl: string
  startSec: number
  endSec: number
  audioRecord: AudioRecord | null
}

/** A page to insert (seed). */
export interface NewShareItem {
  id: number
  shareCode: string
  position: number
  imageUrl: string
  contentEn: string
  contentCn: string
  mediaUrl: string
  startSec: number
  endSec: number
  record: StoredRecord | null
}

interface Row {
  id: number
  image_url: string
  content_en: string
  content_cn: string
  media_url: string
  start_sec: number
  end_sec: number
  record_media_url: string | null
  record_score: number | null
}

/** The pages of a share in reading order. */
export async function listShareItems(q: Queryable, code: string): Promise<ShareItemRow[]> {
  const rows = await q.query<Row>('SELECT * FROM share_items WHERE share_code = $1 ORDER BY position', [code])
  return rows.map((row) => ({
    id: row.id,
    imageUrl: row.image_url,
    contentEn: row.content_en,
    contentCn: row.content_cn,
    mediaUrl: row.media_url,
    startSec: row.start_sec,
    endSec: row.end_sec,
    audioRecord: toAudioRecord(row.record_media_url, row.record_score, row.content_en, row.content_cn),
  }))
}

/** Inserts pages with their fixed ids. */
export async function insertShareItems(q: Queryable, items: readonly NewShareItem[]): Promise<void> {
  await insertRows(
    q,
    'share_items',
    items.map((item) => ({
      id: item.id,
      share_code: item.shareCode,
      position: item.position,
      image_url: item.imageUrl,
      content_en: item.contentEn,
      content_cn: item.contentCn,
      media_url: item.mediaUrl,
      start_sec: item.startSec,
      end_sec: item.endSec,
      record_media_url: item.record?.mediaUrl ?? null,
      record_score: item.record?.score ?? null,
    })),
  )
}
