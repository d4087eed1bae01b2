/**
 * Verify: after the switch and the purge, what the public URL serves must be what was deployed. Each
 * switched page's HTML object (`/route/index.html`) and every file that page loads (lazy chunks too) is
 * fetched from the public URL, as a browser behind the CDN would, and its sha256 compared with the
 * manifest. Headers that differ from the Headers table are reported as warnings.
 */
import { releaseHtmlPath } from '../../../common/rollout/document.ts'
import { sha256 } from '../hash.ts'
import type { RouteEntry } from '../manifest.ts'
import { mapLimit, PARALLEL } from '../parallel.ts'
import type { VerifyFailure } from '../releases/run-report.ts'
import { acceptableType, headersFor } from '../store/headers.ts'

export interface VerifyOutcome {
  pages: number
  files: number
  failures: VerifyFailure[]
  /** Files served with other headers than the Headers table's (they are served, so no rollback). */
  warnings: string[]
}

const TIMEOUT_MS = 15_000

/**
 * Fetches the pages `routes` and their files from `publicUrl` and compares them with their sha256.
 * `canary`: the releases are canaries (docs/rollout.md), whose route URL still serves stable: only their
 * immutable HTML and files are checked.
 */
export async function verifyPages(publicUrl: string, routes: readonly RouteEntry[], { canary = false } = {}): Promise<VerifyOutcome> {
  const base = publicUrl.replace(/\/+$/, '')
  const filesOf = (route: RouteEntry) => (canary ? releaseFiles(route) : [route.html, ...releaseFiles(route)])
  const files = new Map<string, string>()
  for (const route of routes) for (const ref of filesOf(route)) files.set(ref.file, ref.sha256)
  const checked = await mapLimit([...files], PARALLEL, async ([file, want]) => ({ file, ...(await check(`${base}/${file}`, file, want)) }))
  const byFile = new Map(checked.map((c) => [c.file, c]))
  const failures: VerifyFailure[] = []
  for (const route of routes) {
    for (const ref of filesOf(route)) {
      const c = byFile.get(ref.file)!
      if (c.problem) failures.push({ path: route.path, url: `${base}/${ref.file}`, problem: c.problem })
    }
  }
  const warnings = checked.flatMap((c) => c.warnings)
  return { pages: routes.length, files: files.size, failures, warnings }
}

/** A page's immutable HTML (what the app opens, docs/rollout.md) and every file it loads. */
function releaseFiles(route: RouteEntry): { file: string; sha256: string }[] {
  const immutable = route.release ? [{ file: releaseHtmlPath(route.name, route.release), sha256: route.html.sha256 }] : []
  return [...immutable, ...route.assets]
}

async function check(url: string, file: string, want: string): Promise<{ problem: string | null; warnings: string[] }> {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' })
  } catch (error) {
    return { problem: `could not be fetched (${(error as Error).message})`, warnings: [] }
  }
  if (!response.ok) {
    await response.body?.cancel()
    return { problem: `answered ${response.status}`, warnings: [] }
  }
  const got = sha256(new Uint8Array(await response.arrayBuffer()))
  if (got !== want) return { problem: `serves other bytes (sha256 ${got.slice(0, 12)}…, deployed ${want.slice(0, 12)}…)`, warnings: [] }
  const expected = headersFor(file)
  const warnings: string[] = []
  const cacheControl = response.headers.get('cache-control')
  if (cacheControl !== expected.cacheControl)
    warnings.push(`${url}: Cache-Control ${cacheControl ?? '(none)'}, expected ${expected.cacheControl}`)
  const type = response.headers.get('content-type')
  if (!acceptableType(type, expected.contentType)) {
    warnings.push(`${url}: Content-Type ${type ?? '(none)'}, expected ${expected.contentType}`)
  }
  return { problem: null, warnings }
}
