import type { ReactNode } from 'react'
import { CoverSlide } from '../cover-slide'
import type { Accent, CoverRow, RecordedWork, Slide, WorkWord } from '../data'
import { EndSlide } from '../end-slide'
import { PageSlide } from '../page-slide'
import { WordSlide } from '../word-slide'

/** What a slide needs from the viewer. */
export interface SlideContext {
  work: RecordedWork
  total: number
  accent: Accent
  rows: CoverRow[]
  coverImage: string
  /** The one-off clip playing (cover row, word, example), if any. */
  onceKey: string | null
  isPlaying: (item: number) => boolean
  /** The sentence of `item` being read, if any. */
  sentenceOf: (item: number) => number | null
  /** The item's audio failed from every source and the player is skipping it. */
  audioFailedOn: (item: number) => boolean
  onToggle: (item: number) => void
  onTapRow: (row: CoverRow) => void
  onStart: () => void
  onHome: () => void
  onShare: () => void
  /** 英 / 美 on a word's slide. */
  onAccent: (word: WorkWord, accent: Accent) => void
  onPlayWord: (word: WorkWord) => void
  onPlayExample: (word: WorkWord) => void
}

/** Draws one padded slide: the cover, a page or word, or the end slide. */
export function renderSlide(slide: Slide<{ key: string }> | undefined, ctx: SlideContext): ReactNode {
  if (!slide) return null
  const { work } = ctx
  switch (slide.kind) {
    case 'cover':
      return (
        <CoverSlide
          title={work.title}
          intro={work.intro}
          tags={work.tags}
          imageUrl={ctx.coverImage}
          rows={ctx.rows}
          playingKey={ctx.onceKey}
          onTapRow={ctx.onTapRow}
          inviterCode={work.inviter.inviterCode}
          onStart={ctx.onStart}
          canStart={ctx.total > 0}
        />
      )
    case 'end':
      return (
        <EndSlide
          title={work.title}
          imageUrl={ctx.coverImage}
          inviterCode={work.inviter.inviterCode}
          onHome={ctx.onHome}
          onShare={ctx.onShare}
        />
      )
    case 'entry': {
      const item = slide.index
      const common = {
        n: item + 1,
        total: ctx.total,
        playing: ctx.isPlaying(item),
        onToggle: () => ctx.onToggle(item),
        audioFailed: ctx.audioFailedOn(item),
      }
      if (work.kind === 'book') {
        const page = work.pages[item]
        return page ? <PageSlide page={page} sentence={ctx.sentenceOf(item)} {...common} /> : null
      }
      const word = work.words[item]
      if (!word) return null
      return (
        <WordSlide
          word={word}
          {...common}
          accent={ctx.accent}
          onAccent={(a) => ctx.onAccent(word, a)}
          onPlayWord={() => ctx.onPlayWord(word)}
          onPlayExample={() => ctx.onPlayExample(word)}
          examplePlaying={ctx.onceKey === `${word.key}:example:${ctx.accent}`}
        />
      )
    }
  }
}
