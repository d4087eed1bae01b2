/**
 * The field reports' capture script, the first script of every page's <head> (docs/telemetry.md "How a
 * page reports"): its source is capture.es5.js (plain ES5, what it does is written there); this puts the
 * page's and the build's constants in and minifies it with terser, ES5 in, ES5 out.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { minify_sync } from 'terser'
import { LOCAL_HOSTS, PRODUCTION_API_BASE, PRODUCTION_PAGE_HOST, TEST_API_BASE } from '../../../shared/config/api-hosts.ts'
import { TELEMETRY_QUEUE_GLOBAL } from '../../../shared/telemetry/early.ts'
import { REPORTER_STARTER, REPORTER_TEMPLATE, VIEW_GLOBAL } from '../../../shared/telemetry/loader.ts'
import { RELEASE_META } from '../release-id.ts'

/**
 * The longest the reporter waits for the page's code to start. Past the first screen on any network the
 * pages are tested on (ready by about 2 s on the bench's slow 4G); a page still without code by then is
 * broken or crawling (its view is reported by the head meanwhile, should it end).
 */
export const REPORTER_CAP_MS = 5000

/** How long the reporter waits for an idle moment once the page has started and loaded. */
export const REPORTER_IDLE_MS = 2000

export interface CaptureOptions {
  /** The share of views that report (below 1, a view draws its lot in the script). */
  sample: number
  /** The page's route as its page.ts folder names it (`/recorded_share`, `/`). */
  route: string
  /** The page has no load cycle: ready at its first contentful paint (plugin.ts readyAtPaint). */
  atPaint: boolean
  /** The build's VITE_API_BASE; without it, the script picks the API by the page's host as resolveApiBase does. */
  apiBase?: string
  capMs?: number
  idleMs?: number
}

const SOURCE = readFileSync(join(import.meta.dirname, 'capture.es5.js'), 'utf8')
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const made = new Map<string, string>()

/** The capture script of a page, minified (the same options give the same script: it is cached). */
export function captureScript({
  sample,
  route,
  atPaint,
  apiBase = '',
  capMs = REPORTER_CAP_MS,
  idleMs = REPORTER_IDLE_MS,
}: CaptureOptions): string {
  const constants = {
    SAMPLE: sample,
    ROUTE: route,
    AT_PAINT: atPaint,
    API_BASE: apiBase.replace(/\/+$/, ''),
    '@LOCAL_HOST': `/^(?:${[...LOCAL_HOSTS].map(escape).join('|')})$/`,
    PRODUCTION_PAGE_HOST,
    PRODUCTION_API_BASE,
    TEST_API_BASE,
    QUEUE: TELEMETRY_QUEUE_GLOBAL,
    VIEW: VIEW_GLOBAL,
    STARTER: REPORTER_STARTER,
    TEMPLATE: REPORTER_TEMPLATE,
    RELEASE_META,
    CAP_MS: capMs,
    IDLE_MS: idleMs,
  }
  const key = JSON.stringify(constants)
  let code = made.get(key)
  if (code === undefined) {
    const out = minify_sync(SOURCE, {
      ecma: 5,
      compress: { global_defs: constants, passes: 2 },
      mangle: true,
      format: { comments: false },
    })
    code = out.code!.replace(/;$/, '')
    made.set(key, code)
  }
  return code
}
