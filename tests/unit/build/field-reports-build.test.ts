// @vitest-environment node
/** How the build writes the field reports into a page (scripts/build/telemetry/): its switches and its tags. */
import { parse } from 'espree'
import { describe, expect, it } from 'vitest'
import { captureScript } from '../../../scripts/build/telemetry/capture-script'
import type { PageDescriptor } from '../../../shared/app/define-page'
import { fieldReports, readyAtPaint, telemetryTags } from '../../../scripts/build/telemetry/plugin'
import { telemetrySettings } from '../../../scripts/build/telemetry/settings'
import { withReleaseMeta } from '../../../scripts/build/release-id'

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

  it('are the capture script with the page’s route in it, named for the budgets, and an inert template naming the reporter', () => {
    expect(tags).toBe(
      `<script data-inline="telemetry">${captureScript({ sample: 1, route: '/generate_book/list', atPaint: false })}</script>` +
        '<template id="kids-reporter" data-src="/assets/reporter-AbCdEfGh.js"></template>',
    )
    expect(tags).toContain('route:"/generate_book/list"')
  })

  it('name the home page / and say when a page with no load cycle is ready at its first paint', () => {
    expect(telemetryTags({ on: true, sample: 1 }, '/r.js', '', true)).toContain('route:"/",')
    expect(telemetryTags({ on: true, sample: 1 }, '/r.js', '', true)).toContain('atPaint:!0')
    expect(tags).toContain('atPaint:!1')
  })

  it('send to the API the build was given (VITE_API_BASE), else to the one the page’s host names', () => {
    expect(telemetryTags({ on: true, sample: 1 }, '/r.js', '', true, 'https://api.example.com/')).toContain(
      '"https://api.example.com/v1/telemetry"',
    )
    expect(tags).toContain('https://test-api.kidsenglish.example.com')
  })

  it('draw the sampling lot only when not every view reports', () => {
    expect(captureScript({ sample: 1, route: '/', atPaint: false })).not.toContain('Math.random()>=')
    expect(captureScript({ sample: 0.1, route: '/', atPaint: false })).toContain('Math.random()>=.1')
  })

  it('are plain ES5, as an old WebView parses them', () => {
    const script = captureScript({ sample: 0.5, route: '/', atPaint: true })
    expect(() => parse(script, { ecmaVersion: 5 })).not.toThrow()
  })
})

describe('readyAtPaint', () => {
  it('is a page with no first requests and no signed-in user: its content is in its HTML', () => {
    expect(readyAtPaint({ signedIn: false })).toBe(true)
    expect(readyAtPaint({ signedIn: true })).toBe(false)
    expect(readyAtPaint({ signedIn: false, firstRequests: () => [] })).toBe(false)
  })
})

describe('the plugin', () => {
  const pages = new Map([['price_up', { signedIn: false } as PageDescriptor]])
  const html = '<html><head><meta charset="UTF-8"><title>t</title></head><body></body></html>'
  /** The plugin's hooks as Vite calls them, for a build with `env`. */
  function built(env: Record<string, string>) {
    const plugin = fieldReports('/repo', '/repo/pages', pages)
    ;(plugin.configResolved as (config: unknown) => void)({ env, base: '/' })
    const transform = plugin.transformIndexHtml as { handler: (html: string, ctx: { filename: string }) => string }
    return (file: string) => transform.handler(html, { filename: `/repo/pages/${file}` })
  }

  it('puts the capture script and the template first after <meta charset>, the release meta before them', () => {
    const page = built({ VITE_TELEMETRY_SAMPLE: '0.5' })('price_up/index.html')
    expect(page).toMatch(/^<html><head><meta charset="UTF-8"><script data-inline="telemetry">[^<]*Math\.random\(\)>=\.5/)
    expect(page).toContain('route:"/price_up"')
    expect(page).toContain('</script><template id="kids-reporter" data-src="')
    // The capture script reads the release as it starts: the build writes its meta before it.
    expect(withReleaseMeta(page, '0123456789ab')).toMatch(
      /<meta name="kids-release" content="0123456789ab"><script data-inline="telemetry">/,
    )
  })

  it('writes the build’s API base into the capture script', () => {
    expect(built({ VITE_API_BASE: 'https://api.example.com' })('price_up/index.html')).toContain('"https://api.example.com/v1/telemetry"')
  })

  it('leaves every page as it was with VITE_TELEMETRY=off', () => {
    expect(built({ VITE_TELEMETRY: 'off' })('price_up/index.html')).toBe(html)
  })

  it('fails the build for an HTML no page.ts describes', () => {
    expect(() => built({})('nowhere/index.html')).toThrow('no page.ts')
  })
})
