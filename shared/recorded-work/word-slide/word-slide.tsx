import { AudioFailedNotice } from '../audio-failed'
import type { Accent, WorkWord } from '../data'
import { PlayButton } from '../play-button'
import { WorkImage } from '../work-image'
import styles from './word-slide.module.css'

/** Props of {@link WordSlide}. */
export interface WordSlideProps {
  word: WorkWord
  /** 1-based position and the word count (padding slides excluded). */
  n: number
  total: number
  accent: Accent
  onAccent: (accent: Accent) => void
  /** The word's recording plays (the main play / pause). */
  playing: boolean
  onToggle: () => void
  /** Tapping the English word: its pronunciation in the accent. */
  onPlayWord: () => void
  /** The example's play button. */
  onPlayExample: () => void
  examplePlaying: boolean
  /** Its recording failed from every source: a short notice while the player skips it. */
  audioFailed?: boolean
}

const ACCENTS: { accent: Accent; label: string }[] = [
  { accent: 'uk', label: '英' },
  { accent: 'us', label: '美' },
]

/** A word card: word (tap to hear it), UK/US phonetic switch, meaning, picture, example, controls. */
export function WordSlide(props: WordSlideProps) {
  const { word, accent } = props
  const phonetic = word.phonetic[accent]
  return (
    <article className={styles.root}>
      <div className={styles.card}>
        <button type="button" className={styles.word} lang="en" onClick={props.onPlayWord}>
          {word.en || '—'}
        </button>
        <div className={styles.phonetic}>
          <span className={styles.switch} role="group" aria-label="发音">
            {ACCENTS.map(({ accent: a, label }) => (
              <button key={a} type="button" className={styles.accent} aria-pressed={accent === a} onClick={() => props.onAccent(a)}>
                {label}
              </button>
            ))}
          </span>
          {phonetic && <span className={styles.ipa}>{phonetic}</span>}
        </div>
        {word.cn && <p className={styles.cn}>{word.cn}</p>}
      </div>
      <WorkImage src={word.imageUrl} />
      {(word.example || word.exampleCn) && (
        <section className={styles.example} aria-label="例句">
          <div className={styles.exampleLine}>
            <p className={styles.exampleEn} lang="en">
              {word.example}
            </p>
            {word.example && (
              <PlayButton
                size="s"
                playing={props.examplePlaying}
                label={props.examplePlaying ? '暂停例句' : '播放例句'}
                onClick={props.onPlayExample}
              />
            )}
          </div>
          {word.exampleCn && <p className={styles.exampleCn}>{word.exampleCn}</p>}
        </section>
      )}
      <AudioFailedNotice visible={props.audioFailed ?? false} />
      <div className={styles.controls}>
        <PlayButton playing={props.playing} onClick={props.onToggle} />
        <span className={styles.counter}>
          {props.n}/{props.total}
        </span>
      </div>
    </article>
  )
}
