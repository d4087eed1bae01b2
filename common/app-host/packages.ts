/**
 * A page's installed versions and their files (docs/app-integration.md "Packages"). Files are kept once by
 * SHA-256 (`files/<sha256>`: React's chunk is in every page's package), and each page has one record,
 * `pages/<route, URI-encoded>.json`, listing its complete versions, oldest first. A version enters that
 * record only once every file of it is in storage and verified: writing the record is the switch, so a
 * version half downloaded is never served, and an app that dies mid-install keeps the versions it had.
 */
import type { PackageFile, ReleaseRef } from '../rollout/document.ts'
import { packageFileMismatch } from '../rollout/package.ts'
import type { HostStorage } from './storage.ts'

/** One complete version of a page. */
export interface PageVersion {
  release: string
  html: string
  files: PackageFile[]
}

/** At most this many versions a page: the one in use and the newest. */
export const MAX_VERSIONS = 2

const fileKey = (sha256: string) => `files/${sha256}`
export const pageKey = (route: string) => `pages/${encodeURIComponent(route)}.json`

export async function readVersions(storage: HostStorage, route: string): Promise<PageVersion[]> {
  const bytes = await storage.read(pageKey(route))
  if (!bytes) return []
  try {
    const record = JSON.parse(new TextDecoder().decode(bytes)) as { versions?: PageVersion[] }
    return Array.isArray(record.versions) ? record.versions : []
  } catch {
    // A record that cannot be read is no version: the page loads from the network until the next install.
    return []
  }
}

export function writeVersions(storage: HostStorage, route: string, versions: PageVersion[]): Promise<void> {
  return storage.write(pageKey(route), new TextEncoder().encode(JSON.stringify({ versions })))
}

export function readFile(storage: HostStorage, file: PackageFile): Promise<Uint8Array<ArrayBuffer> | null> {
  return storage.read(fileKey(file.sha256))
}

/**
 * Reads a response's body, giving up past `limit` bytes (a server sending more than the document
 * says is refused as soon as it does, not after filling the phone).
 */
async function readAtMost(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer())
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

/** Downloads `file` from the site and checks it; the bytes, or why not (a failed or short download, a mismatch). */
export async function downloadFile(
  fetcher: typeof fetch,
  siteUrl: string,
  file: PackageFile,
  timeoutMs: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { refused: string }> {
  let bytes: Uint8Array<ArrayBuffer> | null
  try {
    const response = await fetcher(new URL(file.path, siteUrl).href, { signal: AbortSignal.timeout(timeoutMs) })
    if (response.status !== 200) return { refused: `${file.path}: HTTP ${response.status}` }
    bytes = await readAtMost(response, file.size)
  } catch (error) {
    return { refused: `${file.path}: download failed (${(error as Error).message})` }
  }
  if (!bytes) return { refused: `${file.path}: more than ${file.size} bytes` }
  const mismatch = await packageFileMismatch(file, bytes)
  return mismatch ? { refused: mismatch } : { bytes }
}

export interface InstallContext {
  storage: HostStorage
  fetcher: typeof fetch
  siteUrl: string
  timeoutMs: number
  /** Hashes of the files in storage (kept up to date here). */
  stored: Set<string>
}

/**
 * Installs `ref` as the newest version of `route`, keeping besides it only `inUse` (the release the
 * WebView was last given, whose lazy files an open page may still ask for) or else the previous newest.
 * Null when installed; else why not, and the page's versions are as they were.
 */
export async function installVersion(ctx: InstallContext, route: string, ref: ReleaseRef, inUse: string | null): Promise<string | null> {
  const versions = await readVersions(ctx.storage, route)
  if (versions.some((v) => v.release === ref.release)) return null
  const missing = ref.files.filter((f, i, all) => !ctx.stored.has(f.sha256) && all.findIndex((g) => g.sha256 === f.sha256) === i)
  // Four at a time: a package is tens of small files, and a phone's connection is the limit, not the count.
  let next = 0
  let refused: string | null = null
  const worker = async () => {
    while (refused === null && next < missing.length) {
      const file = missing[next++]!
      const got = await downloadFile(ctx.fetcher, ctx.siteUrl, file, ctx.timeoutMs)
      if ('refused' in got) refused ??= got.refused
      else {
        await ctx.storage.write(fileKey(file.sha256), got.bytes)
        ctx.stored.add(file.sha256)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, missing.length) }, worker))
  if (refused !== null) return refused
  const version: PageVersion = { release: ref.release, html: ref.html, files: ref.files }
  const kept = versions.filter((v) => v.release === inUse)
  const previous = kept.length ? kept : versions.slice(-1)
  await writeVersions(ctx.storage, route, [...previous, version].slice(-MAX_VERSIONS))
  return null
}

/** Removes the files no page's version lists, and the records of pages the document no longer names. */
export async function collectGarbage(storage: HostStorage, routes: readonly string[], stored: Set<string>): Promise<void> {
  const live = new Set(routes.map(pageKey))
  const used = new Set<string>()
  for (const key of await storage.list('pages/')) {
    if (!live.has(key)) {
      await storage.remove(key)
      continue
    }
    const route = decodeURIComponent(key.slice('pages/'.length, -'.json'.length))
    for (const version of await readVersions(storage, route)) for (const file of version.files) used.add(file.sha256)
  }
  for (const key of await storage.list('files/')) {
    const sha256 = key.slice('files/'.length)
    if (!used.has(sha256)) {
      await storage.remove(key)
      stored.delete(sha256)
    }
  }
}
