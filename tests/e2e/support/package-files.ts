/**
 * A page opened as the app opens it from its package (issue 47, deliverable 5), in Chromium: the page's
 * HTML at its own URL and its files (`/assets/…`, the favicon) answered from the build in `dist/` by the
 * test itself, as the app's request interception answers them from a verified package (the reference host,
 * common/app-host/, does it for real; here the build stands for a package the app has installed). The
 * fake host's script stands for the native side, which needs no network either. Everything else, the
 * API's origin included, goes to the network, which `offline` cuts: every such request fails as a phone
 * with no connection fails it (`net::ERR_INTERNET_DISCONNECTED`).
 */
import { readFile } from 'node:fs/promises'
import { extname, join, resolve } from 'node:path'
import type { BrowserContext, Route } from 'playwright-core'
import { FAKE_HOST_FILE } from '../../../server/paths'
import { FAKE_HOST_COOKIE, injectFakeHost, readCookie } from '../../../server/fake-host/inject'

export const DIST = resolve(import.meta.dirname, '../../../dist')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

export interface PackageFiles {
  /** Cuts the network (true) or gives it back (false); the package's files answer either way. */
  setOffline(offline: boolean): void
  /** Requests that went to the network since the last call, and whether each was refused. */
  networkRequests(): { url: string; refused: boolean }[]
  /** Requests answered from the package so far. */
  fromPackage(): string[]
}

/**
 * The package's file for a GET of `url` on the pages' `origin` from the build in `dist`: a route's HTML
 * (`/generate_book/list` → dist/generate_book/list/index.html) when it is the document, a hashed asset or
 * the favicon, the fake host's script; else null (the network's). Only files inside `dist` (a `..` in a
 * path reads nothing else).
 */
export function packageFile(url: URL, origin: string, routes: ReadonlySet<string>, document: boolean, dist = DIST): string | null {
  if (url.origin !== origin) return null
  if (document) return routes.has(url.pathname) ? join(dist, url.pathname === '/' ? '' : url.pathname.slice(1), 'index.html') : null
  if (url.pathname === '/__fake-host.js') return FAKE_HOST_FILE
  if (!url.pathname.startsWith('/assets/') && url.pathname !== '/favicon.svg') return null
  const file = join(dist, decodeURIComponent(url.pathname))
  return file.startsWith(dist + '/') ? file : null
}

/** The Content-Type of a package file. */
export const typeOf = (file: string) => TYPES[extname(file)] ?? 'application/octet-stream'

/**
 * Answers the routes in `routes` (paths as the manifest's `pages` names them) and the build's files from
 * `dist/` for every page of `context` on `origin`; the rest goes to the network unless cut.
 */
export async function servePackageFiles(context: BrowserContext, origin: string, routes: Iterable<string>): Promise<PackageFiles> {
  const known = new Set(routes)
  let offline = false
  let network: { url: string; refused: boolean }[] = []
  const local: string[] = []
  const answer = async (route: Route, file: string, inject: boolean) => {
    let body: Buffer | string = await readFile(file)
    if (inject) body = injectFakeHost(body.toString('utf8'))
    local.push(route.request().url())
    await route.fulfill({ status: 200, body, headers: { 'Content-Type': typeOf(file) } })
  }
  await context.route('**/*', async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    const document = request.resourceType() === 'document'
    const file = request.method() === 'GET' ? packageFile(url, origin, known, document) : null
    if (file) {
      // The server injects the fake host by its cookie; the app's own host is there before any network.
      const inject = document && readCookie((await request.allHeaders()).cookie, FAKE_HOST_COOKIE) === 'app'
      return answer(route, file, inject)
    }
    network.push({ url: request.url(), refused: offline })
    if (offline) return route.abort('internetdisconnected').catch(() => {})
    return route.continue().catch(() => {})
  })
  return {
    setOffline: (value) => void (offline = value),
    networkRequests: () => {
      const seen = network
      network = []
      return seen
    },
    fromPackage: () => [...local],
  }
}
