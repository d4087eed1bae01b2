/**
 * Shares for the journeys that wait for every clip to play and the player to turn pages by itself:
 * copies of the demo picture book and word list whose recordings (and word pronunciations) are the
 * first 0.6 s of the real ones. A clip is whole MP3 frames cut from the front of the committed file
 * (server/demo-media/), so Chromium still decodes and plays real speech to its `ended`; texts, pictures,
 * the book's narration and its sentence times are the demo share's. The e2e global setup seeds them
 * into each worker's database, and writes the clips under its uploads folder (served at /uploads/).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Db } from '../../../server/db/db'
import { DEMO_MEDIA_DIR } from '../../../server/paths'
import { DEMO_SHARES } from '../../../server/seed/demo'

export const QUICK_SHARES = { book: 'e2e-quick-book', words: 'e2e-quick-words' } as const

/** Where a quick copy of a demo clip is served: `/media/book/p1-rec.mp3` → `/uploads/e2e-quick/book/p1-rec.mp3`. */
export const quickClip = (mediaUrl: string) => mediaUrl.replace(/^\/media\//, '/uploads/e2e-quick/')

/** How much of each real clip a quick clip keeps. */
const QUICK_CLIP_MS = 600

/** The MPEG audio frames of an MP3 (no ID3 tag: the demo media have none), up to `ms` of sound. */
export function firstFrames(mp3: Buffer, ms: number): Buffer {
  const MPEG1_RATES = [44_100, 48_000, 32_000]
  const BITRATES = {
    mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
    mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  }
  let at = 0
  let played = 0
  while (played < ms) {
    if (at + 4 > mp3.length) break
    const header = mp3.readUInt32BE(at)
    if (header >>> 21 !== 0x7ff || ((header >>> 17) & 3) !== 1) throw new Error(`no MPEG layer III frame at byte ${at}`)
    const version = (header >>> 19) & 3 // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const mpeg1 = version === 3
    const rate = MPEG1_RATES[(header >>> 10) & 3]! / (mpeg1 ? 1 : version === 2 ? 2 : 4)
    const kbps = (mpeg1 ? BITRATES.mpeg1 : BITRATES.mpeg2)[(header >>> 12) & 15]!
    const samples = mpeg1 ? 1152 : 576
    const length = Math.floor(((samples / 8) * kbps * 1000) / rate) + ((header >>> 9) & 1)
    if (kbps === 0 || length <= 4) throw new Error(`unsupported MP3 frame at byte ${at}`)
    at += length
    played += (samples / rate) * 1000
  }
  return mp3.subarray(0, Math.min(at, mp3.length))
}

/** Copies the demo book and word list as the quick shares, and writes their clips under `uploadsDir`. */
export async function seedQuickShares(db: Db, uploadsDir: string): Promise<void> {
  const copies = [
    [DEMO_SHARES.book, QUICK_SHARES.book],
    [DEMO_SHARES.words, QUICK_SHARES.words],
  ] as const
  const quick = (column: string) =>
    `CASE WHEN ${column} LIKE '/media/%' THEN '/uploads/e2e-quick/' || substr(${column}, 8) ELSE ${column} END`
  await db.transaction(async (tx) => {
    for (const [from, to] of copies) {
      await tx.query(
        `INSERT INTO shares (code, user_id, title, intro, image_url, tags, categories)
         SELECT $2, user_id, title, intro, image_url, tags, categories FROM shares WHERE code = $1`,
        [from, to],
      )
      await tx.query(
        `INSERT INTO share_items (share_code, position, image_url, content_en, content_cn, media_url, start_sec, end_sec, record_media_url, record_score)
         SELECT $2, position, image_url, content_en, content_cn, media_url, start_sec, end_sec, ${quick('record_media_url')}, record_score
         FROM share_items WHERE share_code = $1`,
        [from, to],
      )
      await tx.query(
        `INSERT INTO share_sentences (item_id, position, en, cn, media_url, start_ms, end_ms, record_media_url, record_score)
         SELECT copy.id, s.position, s.en, s.cn, s.media_url, s.start_ms, s.end_ms, ${quick('s.record_media_url')}, s.record_score
         FROM share_sentences s
         JOIN share_items demo ON demo.id = s.item_id AND demo.share_code = $1
         JOIN share_items copy ON copy.share_code = $2 AND copy.position = demo.position`,
        [from, to],
      )
      await tx.query(
        `INSERT INTO share_words (share_code, position, word_en, word_cn, media_url, uk_pronunciation, us_pronunciation,
           uk_media_url, us_media_url, example, example_cn, uk_example_media_url, us_example_media_url, image_url, record_media_url, record_score)
         SELECT $2, position, word_en, word_cn, ${quick('media_url')}, uk_pronunciation, us_pronunciation,
           ${quick('uk_media_url')}, ${quick('us_media_url')}, example, example_cn, uk_example_media_url, us_example_media_url, image_url,
           ${quick('record_media_url')}, record_score
         FROM share_words WHERE share_code = $1`,
        [from, to],
      )
    }
  })
  const urls = await db.query<{ url: string }>(
    `SELECT record_media_url AS url FROM share_items WHERE share_code = $1
     UNION SELECT s.record_media_url FROM share_sentences s JOIN share_items i ON i.id = s.item_id WHERE i.share_code = $1
     UNION SELECT unnest(ARRAY[media_url, uk_media_url, us_media_url, record_media_url]) FROM share_words WHERE share_code = $2`,
    [QUICK_SHARES.book, QUICK_SHARES.words],
  )
  for (const { url } of urls) {
    if (!url?.startsWith('/uploads/e2e-quick/')) continue
    const name = url.slice('/uploads/e2e-quick/'.length)
    const file = join(uploadsDir, 'e2e-quick', name)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, firstFrames(readFileSync(join(DEMO_MEDIA_DIR, name)), QUICK_CLIP_MS))
  }
}
