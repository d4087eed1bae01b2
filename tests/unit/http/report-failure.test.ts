import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NO_ANSWER_GRACE_MS, recordApiFailure, watchLeaving } from '@shared/http/report-failure'
import { TELEMETRY_QUEUE_GLOBAL, type TelemetryEntry } from '@shared/telemetry/early'

const recorded = () =>
  ((window as unknown as Record<string, TelemetryEntry[] | undefined>)[TELEMETRY_QUEUE_GLOBAL] ?? []).flatMap((entry) =>
    entry.type === 'problem' ? [entry.problem] : [],
  )

let visibility: DocumentVisibilityState
beforeEach(() => {
  vi.useFakeTimers()
  visibility = 'visible'
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
  delete (window as unknown as Record<string, unknown>)[TELEMETRY_QUEUE_GLOBAL]
  // Past the second in which an earlier test's leave still counts.
  vi.advanceTimersByTime(2000)
  watchLeaving() // as each request does when it is sent
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('an API failure in the field report', () => {
  it('counts a reply with an error status at once', () => {
    recordApiFailure('/v1/directory/42', 503)
    expect(recorded()).toEqual([{ kind: 'api', message: '', endpoint: '/v1/directory/42', status: 503 }])
  })

  it('counts a request that got no answer while the page stays', () => {
    recordApiFailure('/v1/share/uar', 0)
    expect(recorded()).toEqual([])
    vi.advanceTimersByTime(NO_ANSWER_GRACE_MS)
    expect(recorded()).toEqual([{ kind: 'api', message: '', endpoint: '/v1/share/uar', status: 0 }])
  })

  it('does not count a request cut off by the page being left: hidden, or left just after', () => {
    visibility = 'hidden'
    recordApiFailure('/v1/share/uar', 0)
    visibility = 'visible'
    recordApiFailure('/v1/directory/1', 0)
    dispatchEvent(new Event('pagehide'))
    vi.advanceTimersByTime(NO_ANSWER_GRACE_MS)
    expect(recorded()).toEqual([])
  })

  it('does not count one cut off after the page was asked to leave, and counts one a second after a leave that was cancelled', () => {
    dispatchEvent(new Event('beforeunload'))
    recordApiFailure('/v1/share/uar', 0)
    vi.advanceTimersByTime(1000)
    recordApiFailure('/v1/directory/1', 0)
    vi.advanceTimersByTime(NO_ANSWER_GRACE_MS)
    expect(recorded()).toEqual([{ kind: 'api', message: '', endpoint: '/v1/directory/1', status: 0 }])
  })
})
