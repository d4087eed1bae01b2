/** pages:diff: which routes changed between two manifests, and which new files they need. */
import type { AssetRef, PagesManifest, RouteEntry } from './manifest.ts'
import { formatSize } from './units.ts'

export interface RouteChange {
  path: string
  name: string
  status: 'added' | 'removed' | 'changed'
  htmlChanged: boolean
  /** Files (or new versions of a file) the route loads now and did not before. */
  addedAssets: AssetRef[]
  /** Files the route no longer loads. */
  removedAssets: string[]
  /** Of `addedAssets`, those the old build did not have at all: they must be uploaded. */
  newAssets: AssetRef[]
}

export interface PagesDiff {
  changed: RouteChange[]
  unchanged: string[]
  /** Every new file the changed routes need, once each. */
  newAssets: AssetRef[]
}

const key = (a: AssetRef) => `${a.file}\0${a.sha256}\0${a.lazy ? 1 : 0}`

/** Compares two manifests route by route (HTML bytes and the full asset graph, lazy chunks included). */
export function diffManifests(before: PagesManifest, after: PagesManifest): PagesDiff {
  const oldFiles = new Map<string, string>()
  for (const r of Object.values(before.routes)) for (const a of r.assets) oldFiles.set(a.file, a.sha256)
  for (const a of before.other) oldFiles.set(a.file, a.sha256)

  const changed: RouteChange[] = []
  const unchanged: string[] = []
  const paths = [...new Set([...Object.keys(before.routes), ...Object.keys(after.routes)])].sort()
  for (const path of paths) {
    const a = before.routes[path]
    const b = after.routes[path]
    const change = compareRoute(a, b, oldFiles)
    if (change) changed.push(change)
    else unchanged.push(path)
  }
  const all = new Map<string, AssetRef>()
  for (const c of changed) for (const asset of c.newAssets) all.set(asset.file, asset)
  return { changed, unchanged, newAssets: [...all.values()].sort((x, y) => (x.file < y.file ? -1 : 1)) }
}

function compareRoute(a: RouteEntry | undefined, b: RouteEntry | undefined, oldFiles: Map<string, string>): RouteChange | null {
  const route = (b ?? a)!
  const oldKeys = new Set((a?.assets ?? []).map(key))
  const newKeys = new Set((b?.assets ?? []).map(key))
  const addedAssets = (b?.assets ?? []).filter((x) => !oldKeys.has(key(x)))
  const removedAssets = (a?.assets ?? []).filter((x) => !newKeys.has(key(x))).map((x) => x.file)
  const htmlChanged = a?.html.sha256 !== b?.html.sha256
  if (a && b && !htmlChanged && addedAssets.length === 0 && removedAssets.length === 0) return null
  return {
    path: route.path,
    name: route.name,
    status: !a ? 'added' : !b ? 'removed' : 'changed',
    htmlChanged,
    addedAssets,
    removedAssets: removedAssets.filter((file) => !addedAssets.some((x) => x.file === file)),
    newAssets: addedAssets.filter((x) => oldFiles.get(x.file) !== x.sha256),
  }
}

/** The human-readable report `npm run pages:diff` prints. */
export function formatDiff(diff: PagesDiff): string {
  const total = diff.changed.length + diff.unchanged.length
  if (diff.changed.length === 0) return `No route changed (${total} compared).\n`
  const lines = [`${diff.changed.length} of ${total} routes changed:`, '']
  for (const c of diff.changed) {
    const what = c.status !== 'changed' ? c.status : c.htmlChanged ? 'HTML and assets changed' : 'assets changed'
    lines.push(`${c.path}  (${c.name}): ${what}`)
    for (const a of c.newAssets) lines.push(`  + ${a.file}  ${formatSize(a.size)}${a.lazy ? '  (lazy)' : ''}  new`)
    const reused = c.addedAssets.filter((a) => !c.newAssets.includes(a))
    for (const a of reused) lines.push(`  + ${a.file}${a.lazy ? '  (lazy)' : ''}  already in the old build`)
    for (const file of c.removedAssets) lines.push(`  - ${file}`)
  }
  const bytes = diff.newAssets.reduce((sum, a) => sum + a.size, 0)
  lines.push('', `New assets to upload: ${diff.newAssets.length} (${formatSize(bytes)})`)
  const pages = diff.changed.filter((c) => c.status !== 'removed').map((c) => c.name)
  if (pages.length > 0) lines.push(`Deploy them: npm run deploy -- --to <dir> --pages ${pages.join(',')}`)
  return `${lines.join('\n')}\n`
}
