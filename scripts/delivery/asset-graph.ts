/**
 * Builds the pages manifest from a finished build: the HTML files on disk are the routes, and each
 * route's files are what its HTML references plus everything reachable from those files through the
 * bundle graph (static imports, dynamic imports as `lazy`, Vite's importedCss / importedAssets) and
 * through `url()` in CSS. Bytes are hashed as written, so the manifest describes exactly what ships.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { HOME_FOLDER } from '../build/routes.ts'
import { hashFileSync } from './hash.ts'
import { cssRefs, htmlRefs } from './html-refs.ts'
import { MANIFEST_FILE, type AssetRef, type PagesManifest, type RouteEntry } from './manifest.ts'

/** What the graph needs of a bundle chunk (a structural subset of Rolldown's OutputChunk + Vite's metadata). */
export interface ChunkInfo {
  fileName: string
  imports: readonly string[]
  dynamicImports: readonly string[]
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> }
}

export interface GraphInput {
  /** The absolute output directory, with the build already written to it. */
  outDir: string
  /** The JS chunks of the bundle, by file name. */
  chunks: ReadonlyMap<string, ChunkInfo>
  /** Vite's `base` (`/` by default). */
  base?: string
  /** Alias → the route it shows (`{ wechat: '' }`): those routes get `aliasOf`. */
  aliases?: Readonly<Record<string, string>>
}

/** Computes the manifest of the build written to `outDir`. */
export function buildManifest({ outDir, chunks, base = '/', aliases = {} }: GraphInput): PagesManifest {
  const files = listFiles(outDir).filter((f) => f !== MANIFEST_FILE)
  const onDisk = new Set(files)
  const hashes = new Map<string, { sha256: string; size: number }>()
  const ref = (file: string, lazy: boolean): AssetRef => {
    let h = hashes.get(file)
    if (!h) hashes.set(file, (h = hashFileSync(join(outDir, file))))
    return lazy ? { file, ...h, lazy: true } : { file, ...h }
  }

  const routes: Record<string, RouteEntry> = {}
  const used = new Set<string>()
  const htmlFiles = files.filter((f) => f === 'index.html' || f.endsWith('/index.html'))
  for (const htmlFile of htmlFiles) {
    const reach = reachable(htmlFile, { outDir, chunks, base, onDisk })
    const path = `/${htmlFile.replace(/(^|\/)index\.html$/, '')}`
    const name = path === '/' ? HOME_FOLDER : path.slice(1)
    const assets = [...reach].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, lazy]) => ref(file, lazy))
    routes[path] = { path, name, html: { file: htmlFile, ...hashFileSync(join(outDir, htmlFile)) }, assets }
    const shows = Object.hasOwn(aliases, name) ? aliases[name]! : null
    if (shows !== null && htmlFiles.includes(shows === '' ? 'index.html' : `${shows}/index.html`)) routes[path].aliasOf = `/${shows}`
    used.add(htmlFile)
    for (const file of reach.keys()) used.add(file)
  }
  const other = files
    .filter((f) => !used.has(f))
    .sort()
    .map((f) => ref(f, false))
  const sorted = Object.fromEntries(
    Object.keys(routes)
      .sort()
      .map((p) => [p, routes[p]!]),
  )
  return { version: 1, routes: sorted, other }
}

/** Every file one HTML page loads, mapped to `true` when only a dynamic import reaches it. */
function reachable(htmlFile: string, ctx: GraphInput & { onDisk: ReadonlySet<string>; base: string }): Map<string, boolean> {
  const seen = new Map<string, boolean>()
  const visit = (file: string, lazy: boolean): void => {
    if (!ctx.onDisk.has(file) || file.endsWith('.html')) return
    const before = seen.get(file)
    // Revisit a lazily reached file once when a static path to it turns up.
    if (before === false || (before === true && lazy)) return
    seen.set(file, lazy)
    const chunk = ctx.chunks.get(file)
    if (chunk) {
      for (const dep of chunk.imports) visit(dep, lazy)
      for (const dep of chunk.dynamicImports) visit(dep, true)
      for (const dep of chunk.viteMetadata?.importedCss ?? []) visit(dep, lazy)
      for (const dep of chunk.viteMetadata?.importedAssets ?? []) visit(dep, lazy)
    } else if (file.endsWith('.css')) {
      // CSS linked from HTML is not a chunk: read its url()s (fonts, images) directly.
      for (const dep of cssRefs(readFileSync(join(ctx.outDir, file), 'utf8'), file, ctx.base)) visit(dep, lazy)
    }
  }
  for (const file of htmlRefs(readFileSync(join(ctx.outDir, htmlFile), 'utf8'), htmlFile, ctx.base)) visit(file, false)
  return seen
}

/** Every regular file under `dir`, relative and `/`-separated, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name)
      if (e.isDirectory()) walk(full)
      else if (e.isFile()) out.push(relative(dir, full).split(sep).join('/'))
    }
  }
  walk(dir)
  return out.sort()
}
