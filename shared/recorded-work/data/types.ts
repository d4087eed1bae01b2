import type { AudioSource, Clip } from '../player/types'

export type Accent = 'uk' | 'us'

/** Something with a UK and a US variant. */
export interface Accented<T> {
  uk: T
  us: T
}

/** A sentence of a page, ready to play and to list on the cover. */
export interface WorkClip extends Clip {
  key: string
  en: string
  cn: string
  /** The learner's suggested score (0–100), or `null` without a recording. */
  score: number | null
}

/** A page slide of the picture-book variant (after category-8 flattening). */
export interface WorkPage {
  key: string
  imageUrl: string
  en: string
  cn: string
  clips: WorkClip[]
}

/** A word slide of the word variant. */
export interface WorkWord {
  key: string
  en: string
  cn: string
  phonetic: Accented<string>
  /** The word's pronunciation. */
  audio: Accented<AudioSource | null>
  example: string
  exampleCn: string
  exampleAudio: Accented<AudioSource | null>
  imageUrl: string
  /** The learner's recording of the word. */
  record: AudioSource | null
  score: number | null
}

export interface Inviter {
  nickName: string
  avatar: string
  inviterCode: string
}

/** A share, normalised: every field present and safe to render. */
export interface RecordedWork {
  kind: 'book' | 'words'
  title: string
  intro: string
  imageUrl: string
  tags: string[]
  inviter: Inviter
  pages: WorkPage[]
  words: WorkWord[]
}
