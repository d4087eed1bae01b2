/**
 * What a screen reader hears for each slide of the swipe book (issue 16): the cover, each page or word
 * by the same `{n}/{total}` as the counter on screen, the end slide; and, live, whether it plays.
 */
import { AUDIO_FAILED } from '../audio-failed/audio-failed-notice'

/** Accessible name of slide `i` (0 the cover, 1…total the pages or words, total + 1 the end). */
export function slideLabel(i: number, total: number): string {
  if (i === 0) return '封面'
  if (i > total) return '欣赏结束'
  return `${i}/${total}`
}

/**
 * The live announcement: the slide's name, and for a page or word `正在播放` or `已暂停`, or the
 * failed-audio notice (`audioFailed`) while the player skips a slide whose audio cannot play.
 */
export function slideStatus(i: number, total: number, playing: boolean, audioFailed = false): string {
  const name = slideLabel(i, total)
  if (i === 0 || i > total) return name
  if (audioFailed) return `${name} ${AUDIO_FAILED}`
  return `${name} ${playing ? '正在播放' : '已暂停'}`
}
