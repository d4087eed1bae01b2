/**
 * What the cover draws from a work (its picture and its list), apart from the viewer's slides and
 * playlist (slides.ts): the cover is drawn by the page's entry chunk, the rest only by the viewer.
 */
import type { PlaylistItem } from '../player/types'
import type { Accent, RecordedWork, WorkWord } from './types'

/** The accent that is not `accent`. */
export const otherAccent = (accent: Accent): Accent => (accent === 'uk' ? 'us' : 'uk')

/** A word's pronunciation in `accent`, else in the other accent. */
export function wordAudio(word: WorkWord, accent: Accent) {
  return word.audio[accent] ?? word.audio[otherAccent(accent)]
}

/** A row of the cover's recording list. */
export interface CoverRow {
  key: string
  en: string
  score: number | null
  /** What tapping the row plays: the recording, else the original. */
  source: PlaylistItem['clips'][number]['record']
}

/** The picture of the cover and the end slide: the work's, else its first page's or word's. */
export function coverImageOf(work: RecordedWork): string {
  return work.imageUrl || work.pages[0]?.imageUrl || work.words[0]?.imageUrl || ''
}

/** The cover's list: every sentence of the book, or every word. */
export function coverRows(work: RecordedWork, accent: Accent): CoverRow[] {
  if (work.kind === 'words') {
    return work.words.map((w) => ({ key: w.key, en: w.en, score: w.score, source: w.record ?? wordAudio(w, accent) }))
  }
  return work.pages.flatMap((page) => page.clips.map((c) => ({ key: c.key, en: c.en, score: c.score, source: c.record ?? c.original })))
}
