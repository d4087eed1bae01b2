/**
 * What each page of a finished build makes a phone download: for every route of
 * `dist/pages-manifest.json` (the HTML and every file it reaches through the bundle graph), the
 * gzipped bytes of its JS and CSS, split into what loads up front and what only a dynamic import
 * fetches. Shared by the budgets check (CI) and the bench.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { loadManifest } from '../delivery/manifest.ts'
import type { ChunkModules } from './prerender/chunk-modules.ts'

/** One page's weight, in gzipped bytes. */
export interface PageWeight {
  /** The route path: `/`, `/generate_book/list`. */
  path: string
  /** The HTML document (with whatever the build inlined into it). */
  html: number
  /** Of the HTML: the inline script in <head> that starts the first requests (scripts/build/prerender/prefetch.ts), gzipped alone. */
  head: number
  /** Of the HTML: the inline script at the end of <body> that draws the first screen before React (issue 31), gzipped alone. */
  screen: number
  /**
   * The field reports (docs/telemetry.md): the capture script in <head> (gzipped alone, so also in `html`)
   * and the reporter the HTML loads once the page has started (off the page's own `js`, `lazy` and `files`).
   */
  telemetry: number
  /** Of `telemetry`: the reporter's file alone, gzipped (0 when the build has none). */
  reporter: number
  /** JS loaded before the page runs: the entry and its static imports. */
  js: number
  /** CSS loaded before the page runs. */
  css: number
  /** JS and CSS reachable only through dynamic imports (one brand variant, lazy dialogs...). */
  lazy: number
  /** Files up front (HTML + JS + CSS): one request each on a cold load. */
  files: number
  /** The JS and CSS files with their gzipped size, up-front ones first. */
  assets: { file: string; gzip: number; lazy: boolean }[]
  /** CSS files the HTML carries inline (scripts/build/prerender/inline-css.ts): counted in `html`, not again in `css`. */
  inlined: string[]
}

/** The gzipped size of the build's inline script named `name` (`<script data-inline="name">`), 0 when there is none. */
function inlineScript(html: string, name: string): number {
  const found = new RegExp(`<script data-inline="${name}">([\\s\\S]*?)</script>`).exec(html)
  return found ? gzipSync(found[1]!).byteLength : 0
}

/** The reporter's file an HTML document names (`<template id="kids-reporter" data-src="…">`), relative to dist/. */
function reporterFile(html: string): string | null {
  const src = /<template id="kids-reporter"[^>]*\sdata-src="\/?([^"]+)"/.exec(html)?.[1]
  return src ? src.replace(/^.*?(assets\/)/, '$1') : null
}

/** The CSS files an HTML document carries as `<style data-href="...">`. */
function inlinedCss(html: string): Set<string> {
  return new Set([...html.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1]!))
}

const gzCache = new Map<string, number>()

/** gzip size of a file at zlib's default level (what a server's on-the-fly gzip sends). */
export function gzipSize(file: string): number {
  let size = gzCache.get(file)
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).byteLength
    gzCache.set(file, size)
  }
  return size
}

/** The weight of every route in `distDir` except aliases (they serve another route's HTML). */
export function measureBuild(distDir: string): PageWeight[] {
  const manifest = loadManifest(distDir)
  const pages: PageWeight[] = []
  for (const route of Object.values(manifest.routes)) {
    if (route.aliasOf) continue
    const document = readFileSync(join(distDir, route.html.file), 'utf8')
    const inline = inlinedCss(document)
    const reporter = reporterFile(document)
    const reporterBytes = reporter ? gzipSize(join(distDir, reporter)) : 0
    const weight: PageWeight = {
      path: route.path,
      html: gzipSize(join(distDir, route.html.file)),
      head: inlineScript(document, 'early-requests'),
      screen: inlineScript(document, 'first-screen'),
      telemetry: inlineScript(document, 'telemetry') + reporterBytes,
      reporter: reporterBytes,
      js: 0,
      css: 0,
      lazy: 0,
      files: 1,
      assets: [],
      inlined: [...inline].sort(),
    }
    for (const asset of route.assets) {
      const kind = asset.file.endsWith('.js') ? 'js' : asset.file.endsWith('.css') ? 'css' : null
      if (!kind || inline.has(asset.file) || asset.file === reporter) continue
      const gzip = gzipSize(join(distDir, asset.file))
      const lazy = asset.lazy === true
      weight.assets.push({ file: asset.file, gzip, lazy })
      if (lazy) weight.lazy += gzip
      else {
        weight[kind] += gzip
        weight.files += 1
      }
    }
    weight.assets.sort((a, b) => Number(a.lazy) - Number(b.lazy) || b.gzip - a.gzip)
    pages.push(weight)
  }
  return pages.sort((a, b) => (a.path < b.path ? -1 : 1))
}

/** A forbidden module a page loads, and the chunk that carries it. */
export interface ForbiddenHit {
  pattern: string
  file: string
  module: string
}

/**
 * Which of `patterns` (path prefixes or substrings: `node_modules/axios/`, `shared/http/`) the page's
 * JS contains, lazy chunks included. Throws when a chunk is missing from `modules` (a stale map).
 */
export function findForbidden(page: PageWeight, patterns: readonly string[], modules: ChunkModules): ForbiddenHit[] {
  const hits: ForbiddenHit[] = []
  for (const { file } of page.assets) {
    if (!file.endsWith('.js')) continue
    const ids = modules[file]
    if (!ids) throw new Error(`${file} is not in the chunk-module map: rebuild (npm run build)`)
    for (const pattern of patterns) {
      const module = ids.find((id) => id.includes(pattern))
      if (module) hits.push({ pattern, file, module })
    }
  }
  return hits
}
