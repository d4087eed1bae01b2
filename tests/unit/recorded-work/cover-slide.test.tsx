import { act, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CoverRow } from '@shared/recorded-work/data'
import { CoverSlide, type CoverSlideProps } from '@shared/recorded-work/cover-slide'

/** An IntersectionObserver whose observed elements a test can see and make intersect. */
class FakeObserver {
  static all: FakeObserver[] = []
  observed: Element[] = []
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  disconnect() {
    this.observed = []
  }
  /** Every element this observer watches comes near the viewport. */
  intersect() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry)
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

/** The elements watched right now, over every live observer. */
const watched = () => FakeObserver.all.flatMap((o) => o.observed)

const rows = (n: number): CoverRow[] =>
  Array.from({ length: n }, (_, i) => ({ key: `r${i}`, en: `Sentence ${i + 1}.`, score: null, source: null }))

function renderCover(props: Partial<CoverSlideProps> = {}) {
  return render(
    <CoverSlide
      title="The Cat"
      intro=""
      tags={['动物', '入门']}
      imageUrl=""
      rows={rows(120)}
      playingKey={null}
      onTapRow={() => {}}
      inviterCode=""
      onStart={() => {}}
      canStart
      {...props}
    />,
  )
}

const recordingRows = () => within(screen.getByRole('list', { name: '录音列表' })).getAllByRole('listitem')

beforeEach(() => {
  FakeObserver.all = []
  vi.stubGlobal('IntersectionObserver', FakeObserver)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the cover slide with many recorded sentences', () => {
  it('draws the first 50 rows at first', () => {
    renderCover()
    expect(recordingRows()).toHaveLength(50)
  })

  it('watches one marker, placed right after the last drawn row', () => {
    renderCover()
    expect(watched()).toHaveLength(1)
    expect(watched()[0]!.previousElementSibling).toBe(recordingRows()[49])
  })

  it('keeps the tags list to its tags, with no marker in it', () => {
    renderCover()
    expect(screen.getByRole('list', { name: '标签' }).children).toHaveLength(2)
  })

  it('draws 50 more rows each time the marker comes near, until all are drawn', () => {
    renderCover()
    act(() => FakeObserver.all.at(-1)!.intersect())
    expect(recordingRows()).toHaveLength(100)
    act(() => FakeObserver.all.at(-1)!.intersect())
    expect(recordingRows()).toHaveLength(120)
    expect(watched()).toHaveLength(0)
  })

  it('draws every row when the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    renderCover()
    expect(recordingRows()).toHaveLength(120)
  })
})
