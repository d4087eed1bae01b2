import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, normalize, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { decideFakeHost, injectFakeHost } from '../fake-host/inject'
import { NOT_BUILT_PAGE } from './html-pages'

export interface PageRoutesOptions {
  /** The `vite build` output. */
  distDir: string
  /** Inject the fake host on `?fakeHost=app` (development only); off, pages are served as built. */
  fakeHost: boolean
}

const YEAR_S = 31_536_000

const isFile = (path: string) => {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The folder of the home page's source (a build that did not move it to dist/index.html leaves it there). */
const HOME_FOLDER = 'home'

/**
 * Alias → the route it shows (`wechat` → `''`), from the build's pages manifest (the routes with
 * `aliasOf`; the home page's page.ts declares them). Read again when the manifest changes.
 */
function aliasesOf(distDir: string): Record<string, string> {
  const file = join(distDir, 'pages-manifest.json')
  let mtime: number
  try {
    mtime = statSync(file).mtimeMs
  } catch {
    return {}
  }
  const cached = aliasCache.get(distDir)
  if (cached?.mtime === mtime) return cached.aliases
  const aliases: Record<string, string> = {}
  try {
    const { routes } = JSON.parse(readFileSync(file, 'utf8')) as { routes?: Record<string, { aliasOf?: unknown }> }
    for (const [path, route] of Object.entries(routes ?? {})) {
      if (typeof route?.aliasOf === 'string') aliases[path.replace(/^\//, '')] = route.aliasOf.replace(/^\//, '')
    }
  } catch {
    // A manifest being written or broken: no aliases until it is whole (each alias has its own HTML copy anyway).
  }
  aliasCache.set(distDir, { mtime, aliases })
  return aliases
}
const aliasCache = new Map<string, { mtime: number; aliases: Record<string, string> }>()

/**
 * The built HTML of the page at `pageDir` (`''` = home): `<dist>/<pageDir>/index.html`, else the
 * page an alias (/wechat, /app, /about_app) stands for, else the home page's source folder
 * (a build that did not move it to dist/index.html).
 */
/** The built 404 page, relative to dist (pages/404/index.html). */
export const NOT_FOUND_FILE = join('404', 'index.html')

function findPage(distDir: string, pageDir: string): string | null {
  const aliases = aliasesOf(distDir)
  const target = Object.hasOwn(aliases, pageDir) ? aliases[pageDir]! : pageDir
  const candidates = [pageDir, target, target === '' ? HOME_FOLDER : null]
  for (const dir of candidates) {
    if (dir === null) continue
    const file = join(distDir, dir, 'index.html')
    if (isFile(file)) return file
  }
  return null
}

/** A strong ETag of the bytes sent (the fake host's injection changes them, so it changes the tag). */
export function htmlEtag(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/**
 * Whether an `If-None-Match` header names `etag` (RFC 9110 section 13.1.2: weak comparison, so `W/"x"`
 * matches `"x"`; `*` matches any current representation).
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

/** `/a/b/` → `a/b`; null for paths that could leave dist (`..`, NUL, bad escapes). */
export function toRelativePath(pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const parts = decoded.split('/').filter(Boolean)
  if (parts.some((part) => part === '..' || part === '.')) return null
  return normalize(parts.join('/')).replace(/^\.$/, '')
}

/**
 * Files of a build or deploy target that are for the deploy tool only (docs/deploying.md, Headers): the
 * pages manifest, and anything whose name starts with a dot (`.releases/`, a running deploy's temp
 * files).
 */
export function isDeployOnly(rel: string): boolean {
  const parts = rel.split(/[\\/]/)
  return rel === 'pages-manifest.json' || parts.some((part) => part.startsWith('.'))
}

/**
 * Everything else under GET: the built pages with clean URLs (`/recorded_share`,
 * `/recorded_share/` and `/recorded_share/index.html` all serve `<dist>/recorded_share/index.html`),
 * and the other files of dist (hashed /assets/* cached for a year), except the deploy tool's.
 */
export const pageRoutes: FastifyPluginAsync<PageRoutesOptions> = async (app, { distDir, fakeHost: fakeHostOn }) => {
  // Only for `reply.sendFile`; the route below decides what is served.
  await app.register(fastifyStatic, { root: distDir, serve: false })
  // HTML is revalidated on every open (`no-cache`); an unchanged page costs a 304 and no body.
  // A 404 answer is sent whole (`revalidate` false): a 304 would turn a missing page into a cached one.
  const sendPage = async (
    reply: FastifyReply,
    file: string,
    query: URLSearchParams,
    headers: FastifyRequest['headers'],
    revalidate = true,
  ) => {
    const fakeHost = fakeHostOn ? decideFakeHost(query, headers.cookie) : { inject: false, setCookie: null }
    const raw = await readFile(file, 'utf8')
    const html = fakeHost.inject ? injectFakeHost(raw) : raw
    if (fakeHost.setCookie) reply.header('set-cookie', fakeHost.setCookie)
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Cookie')
    if (!revalidate) return reply.send(html)
    const etag = htmlEtag(html)
    reply.header('etag', etag)
    if (matchesEtag(headers['if-none-match'], etag)) return reply.code(304).send()
    return reply.send(html)
  }

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, 'http://localhost')
    if (url.pathname.startsWith('/v1/')) return reply.callNotFound()
    const rel = toRelativePath(url.pathname)
    if (rel === null || isDeployOnly(rel)) return reply.callNotFound()
    if (!existsSync(distDir)) {
      return reply.code(503).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE)
    }
    const pageDir = rel.replace(/(^|\/)index\.html$/, '')
    const page = findPage(distDir, pageDir)
    if (page) return sendPage(reply, page, url.searchParams, request.headers)
    const file = join(distDir, rel)
    if (rel && file.startsWith(distDir.replace(/[\\/]+$/, '') + sep) && isFile(file)) {
      const hashed = rel.startsWith(`assets${sep}`) || rel.startsWith('assets/')
      return reply.sendFile(rel, distDir, hashed ? { maxAge: YEAR_S * 1000, immutable: true } : { maxAge: 3_600_000 })
    }
    // No page and no file: the built 404 page (pages/404), with the fake host when it is on, so that
    // inside the app its header's 返回 goes back or closes the WebView.
    const notFound = join(distDir, NOT_FOUND_FILE)
    if (isFile(notFound)) return sendPage(reply.code(404), notFound, url.searchParams, request.headers, false)
    return reply.callNotFound()
  })
}
