import type { PlaylistItem } from '../player/types'
import type { Accent, RecordedWork, WorkWord } from './types'

/**
 * A slide of the viewer. The list is padded at both ends (docs/spec/product-spec.md §4: the first entry is duplicated as
 * cover and end slide), so slide n (1 … total) shows entry n-1 and plays list item n-1.
 */
export type Slide<T> =
  | { kind: 'cover'; key: 'cover'; entry: T | undefined }
  | { kind: 'entry'; key: string; index: number; entry: T }
  | { kind: 'end'; key: 'end'; entry: T | undefined }

/** `[cover, …entries, end]`; the totals shown to the user are `entries.length`. */
export function padSlides<T extends { key: string }>(entries: readonly T[]): Slide<T>[] {
  const first = entries[0]
  return [
    { kind: 'cover', key: 'cover', entry: first },
    ...entries.map((entry, index): Slide<T> => ({ kind: 'entry', key: entry.key, index, entry })),
    { kind: 'end', key: 'end', entry: first },
  ]
}

/** The list item slide `slideIndex` plays, or `null` for the cover, the end slide and anything outside. */
export function itemOfSlide(slideIndex: number, total: number): number | null {
  return slideIndex >= 1 && slideIndex <= total ? slideIndex - 1 : null
}

const other = (accent: Accent): Accent => (accent === 'uk' ? 'us' : 'uk')

/** A word's pronunciation in `accent`, else in the other accent. */
export function wordAudio(word: WorkWord, accent: Accent) {
  return word.audio[accent] ?? word.audio[other(accent)]
}

/** A word's example audio in `accent`, else in the other accent. */
export function exampleAudio(word: WorkWord, accent: Accent) {
  return word.exampleAudio[accent] ?? word.exampleAudio[other(accent)]
}

/**
 * What the player walks: the pages' sentences, or one clip per word (the learner's recording, with the
 * pronunciation in the chosen accent as its original).
 */
export function playlistOf(work: RecordedWork, accent: Accent): PlaylistItem[] {
  if (work.kind === 'book') return work.pages
  return work.words.map((word) => ({ clips: [{ record: word.record, original: wordAudio(word, accent) }] }))
}

/** A row of the cover's recording list. */
export interface CoverRow {
  key: string
  en: string
  score: number | null
  /** What tapping the row plays: the recording, else the original. */
  source: PlaylistItem['clips'][number]['record']
}

/** The cover's list: every sentence of the book, or every word. */
export function coverRows(work: RecordedWork, accent: Accent): CoverRow[] {
  if (work.kind === 'words') {
    return work.words.map((w) => ({ key: w.key, en: w.en, score: w.score, source: w.record ?? wordAudio(w, accent) }))
  }
  return work.pages.flatMap((page) =>
    page.clips.map((c) => ({ key: c.key, en: c.en, score: c.score, source: c.record ?? c.original })),
  )
}
