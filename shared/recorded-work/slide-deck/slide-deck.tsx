import 'swiper/css'
import { memo, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { Swiper } from 'swiper'
import styles from './slide-deck.module.css'

/** Props of {@link SlideDeck}. */
export interface SlideDeckProps {
  /** Number of slides. */
  count: number
  /** The slide on screen (controlled). */
  index: number
  /** A swipe, or a programmatic move, changed the slide. */
  onIndexChange: (index: number) => void
  /** False blocks swiping by touch (the cover before playback started); `index` still moves it. */
  allowSwipe: boolean
  /**
   * Draws slide `i`. Only the slide on screen and its neighbours are drawn; the others stay empty
   * boxes, so a 1,000-word share keeps ~3 slides of content and images in the DOM.
   */
  renderSlide: (i: number) => ReactNode
  /** Accessible name of the carousel. */
  label: string
  /** Accessible name of slide `i`, its position; default `{i + 1}/{count}`. */
  slideLabel?: (i: number) => string
  /**
   * Read out politely by screen readers whenever it changes: the position and what plays (the slide
   * a swipe or an automatic page turn brought, playing or paused).
   */
  status?: string
  /** Where the first slide on screen starts scrolled (the cover drawn before the deck was); read once. */
  initialScrollTop?: () => number
}

/** How far from the active slide content is drawn (1 = the neighbours). */
const WINDOW = 1

interface SlideBoxProps {
  label: string
  active: boolean
  near: boolean
  content: ReactNode
}

/** One slide box. Off-screen slides are inert, so tests and screen readers see only the one on screen. */
const SlideBox = memo(function SlideBox({ label, active, near, content }: SlideBoxProps) {
  return (
    <div
      className={`swiper-slide ${styles.slide}`}
      data-near={near || undefined}
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-hidden={!active || undefined}
      inert={!active}
    >
      {content}
    </div>
  )
})

/**
 * A horizontal swipe book on Swiper's core (no modules, core CSS only): a small controlled wrapper,
 * lighter than `swiper/react`. Content is windowed around the active slide.
 */
export function SlideDeck({
  count,
  index,
  onIndexChange,
  allowSwipe,
  renderSlide,
  label,
  slideLabel,
  status,
  initialScrollTop,
}: SlideDeckProps) {
  const rootRef = useRef<HTMLDivElement>(null)
  const swiperRef = useRef<Swiper | null>(null)
  const onChangeRef = useRef(onIndexChange)
  const indexRef = useRef(index)
  const scrollRef = useRef(initialScrollTop)

  // Before the first paint, so the cover does not jump back to its top when the deck takes over.
  useLayoutEffect(() => {
    const top = scrollRef.current?.() ?? 0
    const box = rootRef.current?.querySelectorAll<HTMLElement>('.swiper-slide')[indexRef.current]
    if (box && top > 0) box.scrollTop = top
  }, [])

  useEffect(() => {
    onChangeRef.current = onIndexChange
    indexRef.current = index
  })

  // Layout effects: the deck answers a finger from the first frame it is on screen, and a slide that
  // becomes swipeable (the cover left behind) is swipeable when it is painted, even on a busy phone.
  useLayoutEffect(() => {
    const el = rootRef.current
    if (!el) return
    // With reduced motion the slides change without the 300 ms slide across (issue 16).
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
    const swiper = new Swiper(el, {
      initialSlide: indexRef.current,
      speed: reduceMotion ? 0 : 300,
      resistanceRatio: 0.6,
      threshold: 6,
      // Let taps on buttons inside slides through without starting a drag.
      preventClicks: true,
      on: { slideChange: (s) => onChangeRef.current(s.activeIndex) },
    })
    swiperRef.current = swiper
    return () => {
      swiper.destroy(true, false)
      swiperRef.current = null
    }
  }, [])

  useLayoutEffect(() => {
    const swiper = swiperRef.current
    if (swiper) swiper.allowTouchMove = allowSwipe
  }, [allowSwipe])

  useEffect(() => {
    swiperRef.current?.update()
  }, [count])

  useEffect(() => {
    const swiper = swiperRef.current
    if (swiper && swiper.activeIndex !== index) swiper.slideTo(index)
  }, [index])

  const boxes: ReactNode[] = []
  for (let i = 0; i < count; i += 1) {
    const near = Math.abs(i - index) <= WINDOW
    const name = slideLabel ? slideLabel(i) : `${i + 1}/${count}`
    boxes.push(<SlideBox key={i} label={name} active={i === index} near={near} content={near ? renderSlide(i) : null} />)
  }
  return (
    <div ref={rootRef} className={`swiper ${styles.deck}`} role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="swiper-wrapper">{boxes}</div>
      {status !== undefined && (
        <p className={styles.status} role="status">
          {status}
        </p>
      )}
    </div>
  )
}
