/**
 * Vite plugin `fieldReports()` (docs/telemetry.md, issue 38): every page reports its views. The build
 * writes the reporter (reporter-bundle.ts) as one file for all pages, and into each page's <head>, first
 * after `<meta charset>` (so after the script policy the build puts there), the capture script
 * (capture-script.ts, `data-inline="telemetry"`, counted by `npm run budgets`) with the page's route as its
 * page.ts folder names it, whether it is ready at its first paint and the API base the build was given
 * (`VITE_API_BASE`), and the inert `<template id="kids-reporter">` that names the reporter's file
 * (`data-src`: the deploy finds it like any file of the page). Off with `VITE_TELEMETRY=off`
 * (settings.ts); never in the dev server.
 */
import { dirname, relative, sep } from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'
import type { PageDescriptor } from '../../../shared/app/define-page.ts'
import { REPORTER_TEMPLATE } from '../../../shared/telemetry/loader.ts'
import { attr, HtmlEdit } from '../html/html-edit.ts'
import { HOME_FOLDER } from '../routes.ts'
import { captureScript } from './capture-script.ts'
import { bundleReporter, reporterFileName } from './reporter-bundle.ts'
import { telemetrySettings, type TelemetrySettings } from './settings.ts'

/** The name the budgets know the capture script by (`<script data-inline="telemetry">`). */
export const CAPTURE_INLINE_NAME = 'telemetry'

/**
 * Whether a page is ready as its HTML is painted: it has no load cycle (no first requests, no signed-in
 * user to load for), so its content is in the HTML (the brand page, /price_up, /expand_space, /404).
 */
export function readyAtPaint(page: Pick<PageDescriptor, 'firstRequests' | 'signedIn'>): boolean {
  return !page.firstRequests && !page.signedIn
}

/** The route of the page whose HTML is `file` (`pages/price_up/index.html` → `/price_up`, home → `/`). */
function routeOf(pagesDir: string, file: string): string {
  const folder = relative(pagesDir, dirname(file)).split(sep).join('/')
  return folder === HOME_FOLDER ? '' : folder
}

/** The head's telemetry tags for a page (`route` as its folder names it, home ''): the capture script and the reporter's template. */
export function telemetryTags(settings: TelemetrySettings, src: string, route: string, atPaint: boolean, apiBase = ''): string {
  const script = captureScript({ sample: settings.sample, route: `/${route}`, atPaint, apiBase })
  return `<script data-inline="${CAPTURE_INLINE_NAME}">${script}</script><template id="${REPORTER_TEMPLATE}" data-src="${src}"></template>`
}

/** `html` (the page `filename`) with `tags` right after its `<meta charset>`, through the parser (html-edit.ts). */
export function withTelemetryTags(html: string, filename: string, tags: string): string {
  const doc = new HtmlEdit(html)
  const charset = doc.find((el) => el.tagName === 'meta' && attr(el, 'charset') !== null)
  if (!charset) throw new Error(`field reports: ${filename} has no <meta charset>`)
  return doc.insertAfter(charset, tags).toString()
}

export function fieldReports(repoRoot: string, pagesDir: string, pages: ReadonlyMap<string, PageDescriptor>): Plugin {
  let config: ResolvedConfig
  let settings: TelemetrySettings
  let file = ''
  return {
    name: 'kids-english:field-reports',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
      settings = telemetrySettings(resolved.env)
    },
    async buildStart() {
      if (!settings.on) return
      const code = await bundleReporter(config, repoRoot)
      file = reporterFileName(code)
      this.emitFile({ type: 'asset', fileName: file, source: code })
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        if (!settings.on) return html
        const route = routeOf(pagesDir, filename)
        const page = pages.get(route)
        if (!page) throw new Error(`field reports: no page.ts for ${filename}`)
        const apiBase = typeof config.env.VITE_API_BASE === 'string' ? config.env.VITE_API_BASE : ''
        return withTelemetryTags(html, filename, telemetryTags(settings, `${config.base}${file}`, route, readyAtPaint(page), apiBase))
      },
    },
  }
}
