import type { AudioSource } from '../player/types'
import { readList, readMediaUrl, readNumber, readObject, readScore, readText, readTextList, readUrl } from './read'
import type { RecordedWork, WorkClip, WorkPage, WorkWord } from './types'

/** The category whose items' sentences become items (docs/spec/product-spec.md §3). */
export const SENTENCE_CATEGORY = 8

/** A source from a URL and optional bounds; `null` without a usable URL. Bad bounds are dropped. */
function source(url: unknown, startSec: number | null = null, endSec: number | null = null): AudioSource | null {
  const safe = readMediaUrl(url)
  if (!safe) return null
  const start = startSec !== null && startSec > 0 ? startSec : null
  const end = endSec !== null && endSec > (start ?? 0) ? endSec : null
  return { url: safe, startSec: start, endSec: end }
}

const msToSec = (ms: unknown): number | null => {
  const n = readNumber(ms)
  return n === null ? null : n / 1000
}

function recordOf(raw: unknown): { record: AudioSource | null; score: number | null; en: string; cn: string } {
  const r = readObject(raw)
  const record = source(r.mediaUrl)
  return { record, score: record ? readScore(r.suggestedScore) : null, en: readText(r.en), cn: readText(r.cn) }
}

/** A sentence (`startTimeMs`/`endTimeMs`); its media defaults to the page's. */
function sentenceClip(raw: unknown, key: string, pageMedia: unknown): WorkClip {
  const s = readObject(raw)
  const rec = recordOf(s.audioRecord)
  const media = readUrl(s.mediaUrl) ? s.mediaUrl : pageMedia
  return {
    key,
    en: readText(s.en) || rec.en,
    cn: readText(s.cn) || rec.cn,
    score: rec.score,
    record: rec.record,
    original: source(media, msToSec(s.startTimeMs), msToSec(s.endTimeMs)),
  }
}

/** A page without sentences plays itself (`startSec`/`endSec`). */
function itemClip(item: Record<string, unknown>, key: string): WorkClip {
  const rec = recordOf(item.audioRecord)
  return {
    key,
    en: readText(item.contentEn) || rec.en,
    cn: readText(item.contentCn) || rec.cn,
    score: rec.score,
    record: rec.record,
    original: source(item.mediaUrl, readNumber(item.startSec), readNumber(item.endSec)),
  }
}

function joinTexts(clips: WorkClip[], field: 'en' | 'cn'): string {
  return clips
    .map((clip) => clip[field])
    .filter(Boolean)
    .join(' ')
}

function pageOf(raw: unknown, index: number): WorkPage {
  const item = readObject(raw)
  const key = `p${index}`
  const sentences = readList(item.sentences)
  const clips = sentences.length ? sentences.map((s, j) => sentenceClip(s, `${key}-s${j}`, item.mediaUrl)) : [itemClip(item, `${key}-s0`)]
  return {
    key,
    imageUrl: readMediaUrl(item.imageUrl),
    en: readText(item.contentEn) || joinTexts(clips, 'en'),
    cn: readText(item.contentCn) || joinTexts(clips, 'cn'),
    clips,
  }
}

/** Category 8: every sentence becomes its own page with its parent's image (ms / 1000). */
function flattenSentences(items: unknown[]): WorkPage[] {
  const pages: WorkPage[] = []
  items.forEach((raw, i) => {
    const item = readObject(raw)
    const sentences = readList(item.sentences)
    // An item without sentences is kept as it is rather than lost.
    if (!sentences.length) return void pages.push({ ...pageOf(raw, i), key: `p${pages.length}` })
    for (const sentence of sentences) {
      const key = `p${pages.length}`
      const clip = sentenceClip(sentence, `${key}-s0`, item.mediaUrl)
      pages.push({ key, imageUrl: readMediaUrl(item.imageUrl), en: clip.en, cn: clip.cn, clips: [clip] })
    }
  })
  return pages
}

function wordOf(raw: unknown, index: number): WorkWord {
  const w = readObject(raw)
  const rec = recordOf(w.audioRecord)
  return {
    key: `w${index}`,
    en: readText(w.wordEn) || rec.en,
    cn: readText(w.wordCn) || rec.cn,
    phonetic: { uk: readText(w.ukPronunciation), us: readText(w.usPronunciation) },
    audio: { uk: source(w.ukMediaUrl) ?? source(w.mediaUrl), us: source(w.usMediaUrl) ?? source(w.mediaUrl) },
    example: readText(w.example),
    exampleCn: readText(w.exampleCn),
    exampleAudio: { uk: source(w.ukExampleMediaUrl), us: source(w.usExampleMediaUrl) },
    imageUrl: readMediaUrl(w.imageUrl),
    record: rec.record,
    score: rec.score,
  }
}

export interface NormalizeOptions {
  /** `words` forces the word variant (`/word_share`); `auto` picks it when the share has words. */
  variant?: 'auto' | 'words'
}

/**
 * Turns a share reply (any shape, possibly hostile) into a RecordedWork: texts trimmed and capped, URLs
 * restricted to http(s)/relative and resolved against the API's origin, scores clamped, category 8 flattened. Never throws.
 */
export function normalizeShare(data: unknown, options: NormalizeOptions = {}): RecordedWork {
  const d = readObject(data)
  const inviter = readObject(d.userInviter)
  const items = readList(d.items)
  const words = readList(d.words).map(wordOf)
  const flatten = readList(d.categories).some((c) => readNumber(c) === SENTENCE_CATEGORY)
  return {
    kind: options.variant === 'words' || words.length > 0 ? 'words' : 'book',
    title: readText(d.title),
    intro: readText(d.intro),
    imageUrl: readMediaUrl(d.imageUrl),
    tags: readTextList(d.tags),
    inviter: {
      nickName: readText(inviter.nickName),
      avatar: readMediaUrl(inviter.avatar),
      inviterCode: readText(inviter.inviterCode),
    },
    pages: flatten ? flattenSentences(items) : items.map(pageOf),
    words,
  }
}
