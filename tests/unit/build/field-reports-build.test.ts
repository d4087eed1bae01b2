// @vitest-environment node
/** How the build writes the field reports into a page (scripts/build/telemetry/): its switches and its tags. */
import { describe, expect, it } from 'vitest'
import { captureScript } from '../../../scripts/build/telemetry/capture-script'
import { readyAtPaint, telemetryTags } from '../../../scripts/build/telemetry/plugin'
import { telemetrySettings } from '../../../scripts/build/telemetry/settings'

describe('telemetrySettings', () => {
  it('is on for every view unless told otherwise (production builds, the demo, the tests)', () => {
    expect(telemetrySettings({})).toEqual({ on: true, sample: 1 })
  })

  it('reads the off switch and the sample rate', () => {
    expect(telemetrySettings({ VITE_TELEMETRY: 'off' })).toEqual({ on: false, sample: 1 })
    expect(telemetrySettings({ VITE_TELEMETRY: ' ON ', VITE_TELEMETRY_SAMPLE: '0.25' })).toEqual({ on: true, sample: 0.25 })
  })

  it('fails the build on a value it cannot read, rather than report nothing or everything', () => {
    expect(() => telemetrySettings({ VITE_TELEMETRY: 'false' })).toThrow('VITE_TELEMETRY must be "on" or "off"')
    for (const sample of ['0', '-1', '1.5', 'half', 'NaN'])
      expect(() => telemetrySettings({ VITE_TELEMETRY_SAMPLE: sample }), sample).toThrow('VITE_TELEMETRY_SAMPLE')
  })
})

describe('the tags a page gets', () => {
  const tags = telemetryTags({ on: true, sample: 1 }, '/assets/reporter-AbCdEfGh.js', 'generate_book/list', false)

  it('are the capture script, named for the budgets, and an inert template naming the reporter and the route', () => {
    expect(tags).toBe(
      `<script data-inline="telemetry">${captureScript(1)}</script>` +
        '<template id="kids-reporter" data-route="/generate_book/list" data-src="/assets/reporter-AbCdEfGh.js"></template>',
    )
  })

  it('name the home page / and mark a page with no load cycle ready at its first paint', () => {
    expect(telemetryTags({ on: true, sample: 1 }, '/r.js', '', true)).toContain('data-route="/" data-src="/r.js" data-ready-at-paint')
  })

  it('draw the sampling lot only when not every view reports', () => {
    expect(captureScript(1)).not.toContain('Math.random')
    expect(captureScript(0.1)).toContain('Math.random()>=0.1')
  })
})

describe('readyAtPaint', () => {
  it('is a page with no first requests and no signed-in user: its content is in its HTML', () => {
    expect(readyAtPaint({ signedIn: false })).toBe(true)
    expect(readyAtPaint({ signedIn: true })).toBe(false)
    expect(readyAtPaint({ signedIn: false, firstRequests: () => [] })).toBe(false)
  })
})
