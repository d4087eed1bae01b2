/**
 * Audio unlocked by a tap before React (issue 31): WebKit (iOS) lets a media element play from a
 * script only after a tap has played it once. A tap on the drawn share cover's start button is kept and
 * done again once React is in (handover.ts), outside that tap, where the player's first clip would be
 * refused. So the tap itself plays a silent clip on a fresh element, and the player takes that element
 * for its clips (audio-output.ts). Marked by {@link PLAYS_AUDIO} on the control. React-free.
 */

/** The attribute of a control whose tap starts audio. */
export const PLAYS_AUDIO = 'data-plays-audio'

/** The name of the element on `window`, between the head script's tap and the page's player. */
const UNLOCKED = '__kidsUnlockedAudio'

/** A WAV of 1 ms of silence (8 kHz, 8-bit mono). */
const SILENCE = 'data:audio/wav;base64,UklGRiwAAABXQVZFZm10IBAAAAABAAEAQB8AAEAfAAABAAgAZGF0YQgAAACAgICAgICAgA=='

/** Inside a tap: plays silence on a new element, kept for {@link takeUnlockedAudio}. Never throws. */
export function unlockAudio(): void {
  const w = window as unknown as Record<string, unknown>
  if (w[UNLOCKED] || typeof Audio === 'undefined') return
  try {
    const audio = new Audio(SILENCE)
    w[UNLOCKED] = audio
    // An old WebView returns nothing from play(); a refusal leaves the element as it was.
    Promise.resolve(audio.play()).then(
      () => audio.pause(),
      () => {},
    )
  } catch {
    // No audio here (an old WebView): the player makes its own element, as without a tap before React.
  }
}

/** The element a tap before React unlocked, once; null when there is none. */
export function takeUnlockedAudio(): HTMLAudioElement | null {
  if (typeof window === 'undefined') return null
  const w = window as unknown as Record<string, unknown>
  const audio = w[UNLOCKED]
  delete w[UNLOCKED]
  return typeof Audio !== 'undefined' && audio instanceof Audio ? audio : null
}
