import type { PlaylistItem } from '../player/types'
import { otherAccent, wordAudio } from './cover'
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

/** A word's example audio in `accent`, else in the other accent. */
export function exampleAudio(word: WorkWord, accent: Accent) {
  return word.exampleAudio[accent] ?? word.exampleAudio[otherAccent(accent)]
}

/**
 * What the player walks: the pages' sentences, or one clip per word (the learner's recording, with the
 * pronunciation in the chosen accent as its original).
 */
export function playlistOf(work: RecordedWork, accent: Accent): PlaylistItem[] {
  if (work.kind === 'book') return work.pages
  return work.words.map((word) => ({ clips: [{ record: word.record, original: wordAudio(word, accent) }] }))
}
