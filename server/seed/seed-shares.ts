import type { Queryable } from '../db/db'
import { insertShareItems, type NewShareItem } from '../repositories/share-items-repository'
import { insertShareSentences, type NewShareSentence } from '../repositories/share-sentences-repository'
import { insertShareWords, type NewShareWord } from '../repositories/share-words-repository'
import { deleteShares, insertShares, type ShareRow } from '../repositories/shares-repository'
import { DEMO_BOOK, DEMO_CAT8, type DemoPage } from './content/demo-book'
import { DEMO_WORDS } from './content/demo-words'
import { mediaPaths, type BookMediaDir } from './content/media-paths'
import { DEMO_SHARES, DEMO_USERS } from './demo'
import { clipTimings } from './media-manifest'

interface BookShare {
  code: string
  dir: BookMediaDir
  /** Item ids are `firstItemId + page`; sentence ids `item id * 10 + sentence`. */
  firstItemId: number
  content: { title: string; intro: string; tags: string[]; categories: number[]; pages: DemoPage[] }
}

/** The rows of all demo shares. */
interface ShareRows {
  shares: ShareRow[]
  items: NewShareItem[]
  sentences: NewShareSentence[]
  words: NewShareWord[]
}

const header = (code: string, dir: BookMediaDir | 'words', c: BookShare['content'] | typeof DEMO_WORDS): ShareRow => ({
  code,
  userId: DEMO_USERS.vip.id,
  title: c.title,
  intro: c.intro,
  imageUrl: mediaPaths.cover(dir),
  tags: c.tags,
  categories: c.categories,
})

const average = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length)

/** A picture-book share: each page's narration with per-sentence times, and the learner's recordings. */
function bookShareRows(rows: ShareRows, { code, dir, firstItemId, content }: BookShare): void {
  rows.shares.push(header(code, dir, content))
  content.pages.forEach((page, p) => {
    const itemId = firstItemId + p
    const audio = page.silent ? '' : mediaPaths.pageAudio(dir, p)
    const timings = audio ? clipTimings(audio) : null
    const scores = page.silent ? [] : page.sentences.flatMap((s) => (s.score === null ? [] : [s.score]))
    rows.items.push({
      id: itemId,
      shareCode: code,
      position: p,
      imageUrl: mediaPaths.pageImage(dir, p),
      contentEn: page.sentences.map((s) => s.en).join(' '),
      contentCn: page.sentences.map((s) => s.cn).join(''),
      mediaUrl: audio,
      startSec: 0,
      endSec: timings ? timings.durationMs / 1000 : 0,
      record: scores.length ? { mediaUrl: mediaPaths.pageRecord(dir, p), score: average(scores) } : null,
    })
    page.sentences.forEach((s, i) => {
      const [startMs, endMs] = timings?.partsMs[i] ?? [0, 0]
      rows.sentences.push({
        id: itemId * 10 + i,
        itemId,
        position: i,
        en: s.en,
        cn: s.cn,
        mediaUrl: audio,
        startMs,
        endMs,
        record: !page.silent && s.score !== null ? { mediaUrl: mediaPaths.sentenceRecord(dir, p, i), score: s.score } : null,
      })
    })
  })
}

function wordShareRows(rows: ShareRows): void {
  rows.shares.push(header(DEMO_SHARES.words, 'words', DEMO_WORDS))
  DEMO_WORDS.words.forEach((w, i) => {
    rows.words.push({
      id: i + 1,
      shareCode: DEMO_SHARES.words,
      position: i,
      wordEn: w.en,
      wordCn: w.cn,
      mediaUrl: mediaPaths.wordAudio(w.key, 'uk'),
      ukPronunciation: w.uk,
      usPronunciation: w.us,
      ukMediaUrl: mediaPaths.wordAudio(w.key, 'uk'),
      usMediaUrl: mediaPaths.wordAudio(w.key, 'us'),
      example: w.example,
      exampleCn: w.exampleCn,
      ukExampleMediaUrl: mediaPaths.exampleAudio(w.key, 'uk'),
      usExampleMediaUrl: mediaPaths.exampleAudio(w.key, 'us'),
      imageUrl: mediaPaths.wordImage(w.key),
      record: w.score === null ? null : { mediaUrl: mediaPaths.wordRecord(w.key), score: w.score },
    })
  })
}

/** The three demo shares, rewritten from scratch (nobody edits shares, so nothing is lost). */
export async function seedShares(q: Queryable): Promise<void> {
  const rows: ShareRows = { shares: [], items: [], sentences: [], words: [] }
  bookShareRows(rows, { code: DEMO_SHARES.book, dir: 'book', firstItemId: 1, content: DEMO_BOOK })
  bookShareRows(rows, { code: DEMO_SHARES.cat8, dir: 'colors', firstItemId: 11, content: DEMO_CAT8 })
  wordShareRows(rows)
  await deleteShares(q, Object.values(DEMO_SHARES))
  await insertShares(q, rows.shares)
  await insertShareItems(q, rows.items)
  await insertShareSentences(q, rows.sentences)
  await insertShareWords(q, rows.words)
}
