import { useCallback, useEffect, useMemo, useState } from 'react'
import { itemOfSlide, playlistOf, type Accent, type RecordedWork } from '../data'
import { usePlayer } from '../hooks/use-player'

/**
 * The viewer's state and wiring between the slides and the player (docs/spec/product-spec.md §4 "Swiping"):
 * - a slide change plays that page (slide n plays item n-1); the cover and the end slide stop the player;
 * - the player turning the page (auto-next) moves the slide; the list end shows the end slide;
 * - swiping is blocked on the cover until the start button was used.
 */
export function useViewer(work: RecordedWork) {
  const [player, snapshot] = usePlayer()
  const [slide, setSlide] = useState(0)
  const [started, setStarted] = useState(false)
  const [accent, setAccent] = useState<Accent>('uk')
  const total = work.kind === 'words' ? work.words.length : work.pages.length
  const playlist = useMemo(() => playlistOf(work, accent), [work, accent])

  useEffect(() => player.setPlaylist(playlist), [player, playlist])

  // The player leads while it runs: its page turns and its list end move the slides.
  useEffect(
    () =>
      player.subscribe(() => {
        const state = player.getSnapshot().state
        if (state.status === 'finished') setSlide(total + 1)
        else if ((state.status === 'playing' || state.status === 'skipping') && state.target.mode === 'list') {
          setSlide(state.target.item + 1)
        }
      }),
    [player, total],
  )

  const onSlideChange = useCallback(
    (index: number) => {
      setSlide(index)
      const item = itemOfSlide(index, total)
      // Leaving the list range (cover, end slide) pauses and clears the position.
      if (item === null) player.stop()
      else player.playItem(item)
    },
    [player, total],
  )

  /** The start button: runs inside the tap, which unlocks audio on iOS. */
  const start = useCallback(() => {
    if (total === 0) return
    setStarted(true)
    player.playItem(0)
    setSlide(1)
  }, [player, total])

  /** `返回首页`: the first slide, silent. */
  const goHome = useCallback(() => {
    player.stop()
    setSlide(0)
  }, [player])

  return {
    player,
    snapshot,
    slide,
    total,
    accent,
    setAccent,
    allowSwipe: started || slide !== 0,
    onSlideChange,
    start,
    goHome,
  }
}
