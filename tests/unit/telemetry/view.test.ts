// @vitest-environment node
/** One page view's report as a state machine (shared/field-reporter/view.ts), by state. */
import { describe, expect, it } from 'vitest'
import type { NewProblem } from '@shared/telemetry/early'
import { isFatal, openView, stepView, type ViewEvent, type ViewState } from '@shared/field-reporter/view'

const problem = (kind: NewProblem['kind'], at: number, extra: Partial<NewProblem> = {}): ViewEvent => ({
  type: 'problem',
  problem: { kind, message: '', ...extra },
  at,
})
const ready = (at: number): ViewEvent => ({ type: 'ready', at })
const hidden: ViewEvent = { type: 'hidden' }

/** Steps `state` through `events`, keeping every beacon asked for with the view as it was sent. */
function run(state: ViewState, ...events: ViewEvent[]) {
  const beacons: { seq: number; final: boolean; state: ViewState }[] = []
  for (const event of events) {
    const beacon = stepView(state, event)
    if (beacon) beacons.push({ ...beacon, state: structuredClone(state) })
  }
  return { state, beacons }
}

describe('a view just opened (collecting)', () => {
  const fresh = () => openView('view0001', 'navigate')

  it('records ready once, in ms since the navigation, and keeps the first', () => {
    const { state, beacons } = run(fresh(), ready(812.4), ready(2000))
    expect(state.ready).toBe(812)
    expect(beacons).toEqual([])
  })

  it('counts the same problem again instead of listing it twice, stamped when it first happened', () => {
    const { state } = run(fresh(), ready(10), problem('image', 500, { file: '/a.png' }), problem('image', 900, { file: '/a.png' }))
    expect(state.problems).toEqual([{ kind: 'image', message: '', file: '/a.png', count: 2, at: 500 }])
  })

  it('lists at most 30 problems and counts the rest as dropped', () => {
    const events = Array.from({ length: 33 }, (_, i) => problem('api', i, { endpoint: '/v1/x', status: 500 + i }))
    const { state } = run(fresh(), ready(1), ...events)
    expect(state.problems).toHaveLength(30)
    expect(state.dropped).toBe(3)
  })

  it('keeps the API failure as its template and status, the query and ids gone', () => {
    const { state } = run(fresh(), problem('api', 5, { endpoint: '/v1/directory/42?token=abc', status: 503 }))
    expect(state.problems[0]).toMatchObject({ kind: 'api', endpoint: '/v1/directory/:id', status: 503 })
  })

  it('reads a status the schema would refuse as 0 (no answer), rather than lose the report', () => {
    const { state } = run(
      fresh(),
      problem('api', 1, { endpoint: '/v1/x', status: 999 }),
      problem('api', 2, { endpoint: '/v1/y', status: -1 }),
    )
    expect(state.problems.map((p) => p.status)).toEqual([0, 0])
  })

  it('holds a time past an hour at the hour, the most the schema takes: a view left open is still reported', () => {
    const { state } = run(fresh(), problem('image', 5_400_000, { file: '/a.png' }), ready(7_200_000))
    expect(state).toMatchObject({ ready: 3_600_000, problems: [{ kind: 'image', at: 3_600_000 }] })
  })

  it('records that audio was tried', () => {
    expect(run(fresh(), { type: 'audio', at: 3 }).state.audioTried).toBe(true)
  })

  it('sends the view once when hidden, then nothing more when hidden again or left (pagehide)', () => {
    const { state, beacons } = run(fresh(), ready(100), hidden, hidden, hidden)
    expect(beacons.map(({ seq, final }) => ({ seq, final }))).toEqual([{ seq: 0, final: true }])
    expect(state.status).toBe('reported')
  })
})

describe('when a fatal problem comes', () => {
  it('sends at once (not final), then the rest when hidden with a higher seq', () => {
    const { beacons } = run(
      openView('view0001', 'navigate'),
      problem('chunk', 50, { file: '/assets/page-AbCdEfGh.js' }),
      problem('api', 60, { endpoint: '/v1/share/uar', status: 0 }),
      hidden,
    )
    expect(beacons.map(({ seq, final }) => ({ seq, final }))).toEqual([
      { seq: 0, final: false },
      { seq: 1, final: true },
    ])
    expect(beacons[0]!.state.problems.map((p) => p.kind)).toEqual(['chunk'])
    expect(beacons[1]!.state.problems.map((p) => p.kind)).toEqual(['chunk', 'api'])
  })

  it('sends at once only for the first fatal problem of the view', () => {
    const { beacons } = run(openView('view0001', 'navigate'), problem('boundary', 1), problem('chunk', 2), problem('error', 3))
    expect(beacons).toHaveLength(1)
  })

  it('takes an error before ready as fatal (a white screen in the making), and one after it as not', () => {
    expect(isFatal('error', null)).toBe(true)
    expect(isFatal('rejection', null)).toBe(true)
    expect(isFatal('error', 300)).toBe(false)
    expect(run(openView('v0000001', 'navigate'), ready(300), problem('error', 400)).beacons).toEqual([])
  })

  it('never takes a failed picture, recording, audio, API call, stylesheet or first screen as fatal', () => {
    for (const kind of ['image', 'recording', 'audio', 'api', 'css', 'first-screen'] as const) expect(isFatal(kind, null), kind).toBe(false)
  })
})

describe('a view already reported', () => {
  const reported = () => run(openView('view0001', 'navigate'), ready(10), hidden).state

  it('sends again at the next hide once something new came, with the next seq', () => {
    const { beacons } = run(reported(), problem('image', 5000, { file: '/b.png' }), hidden)
    expect(beacons.map(({ seq, final }) => ({ seq, final }))).toEqual([{ seq: 1, final: true }])
  })

  it('sends nothing more for what it knew: a second ready (React after the first screen), audio tried again', () => {
    const audio: ViewEvent = { type: 'audio', at: 20 }
    const state = run(openView('view0001', 'navigate'), ready(10), audio, hidden).state
    expect(run(state, ready(900), audio, hidden).beacons).toEqual([])
  })

  it('sends again when only a vital changed (a layout shift after the first hide)', () => {
    expect(run(reported(), { type: 'measured' }, hidden).beacons).toHaveLength(1)
  })
})

describe('when the page is restored from the back-forward cache', () => {
  it('starts a new view: its own id, nav restore, times from the restore, seq 0 and nothing of the last view', () => {
    const before = run(openView('view0001', 'navigate'), problem('image', 20, { file: '/a.png' }), hidden).state
    before.lost = 2
    const { state, beacons } = run(before, { type: 'restored', view: 'view0002', at: 60_000 }, ready(60_016), hidden)
    expect(state).toMatchObject({ view: 'view0002', nav: 'restore', ready: 16, problems: [], audioTried: false, lost: 0 })
    expect(beacons.map(({ seq, final }) => ({ seq, final }))).toEqual([{ seq: 0, final: true }])
  })

  it('comes back ready at once when the view it left was ready (the page is shown as it was left)', () => {
    const before = run(openView('view0001', 'navigate'), ready(10), hidden).state
    const { state } = run(before, { type: 'restored', view: 'view0002', at: 60_000 }, ready(60_016))
    expect(state).toMatchObject({ view: 'view0002', ready: 0 })
  })
})
