import type { CloudFile, CloudFileList, CloudImportJob } from '@shared/api/cloud-drive-types'
import { formatSize } from '@shared/format'

/** A cloud-drive entry ready to show: every field present, whatever the server sent. */
export interface CloudEntry {
  fsId: string
  name: string
  isDir: boolean
  /** Bytes; 0 for a folder. */
  size: number
  /** `YYYY-MM-DD HH:mm`, or '' when the server sent no usable time. */
  time: string
}

/** One page of a folder as the page shows it. */
export interface CloudPage {
  entries: CloudEntry[]
  /** How many entries the server sent (the next page starts after them, shown or not). */
  received: number
  hasMore: boolean
}

/** A job's progress, every field present. */
export interface JobView {
  status: 'running' | 'done' | 'failed'
  done: number
  total: number
  createdIds: number[]
  failed: { name: string; msg: string }[]
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0)

/** `2024-05-01T08:30:00` → `2024-05-01 08:30`; anything not shaped like a time → ''. */
export function formatMtime(value: unknown): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(text(value))
  return match ? `${match[1]} ${match[2]}` : ''
}

/** Bytes as text: `512B`, `12.5KB`, then the MB/GB/TB of formatSize (1024 steps, two decimals at most). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0B'
  if (bytes < 1024) return `${Math.round(bytes)}B`
  if (bytes < 1024 * 1024) return `${Math.round((bytes / 1024) * 100) / 100}KB`
  return formatSize(bytes / (1024 * 1024))
}

/** True when `name` ends in `.{suffix}`, case-insensitive. */
export function hasSuffix(name: string, suffix: string): boolean {
  return name.toLowerCase().endsWith(`.${suffix}`)
}

/** One entry from the server, or null when it has no id or name to show and send back. */
export function toCloudEntry(file: CloudFile | null | undefined): CloudEntry | null {
  if (typeof file !== 'object' || file === null) return null
  const fsId = text(file.fsId)
  const name = text(file.name).trim()
  if (!fsId || !name) return null
  const isDir = file.isDir === true
  return { fsId, name, isDir, size: isDir ? 0 : count(file.size), time: formatMtime(file.mtime) }
}

/**
 * A page of `GET /v1/cloudDrive/files` as shown: folders, and files ending in `.{suffix}` only (the
 * page's query decides, whatever the server sent), folders first, each in the server's order.
 */
export function toCloudPage(data: CloudFileList | null, suffix: string): CloudPage {
  const raw: unknown[] = Array.isArray(data?.items) ? data.items : []
  const folders: CloudEntry[] = []
  const files: CloudEntry[] = []
  for (const item of raw) {
    const entry = toCloudEntry(item as CloudFile)
    if (!entry) continue
    if (entry.isDir) folders.push(entry)
    else if (hasSuffix(entry.name, suffix)) files.push(entry)
  }
  return { entries: [...folders, ...files], received: raw.length, hasMore: data?.hasMore === true && raw.length > 0 }
}

/** A job reply as shown; an unknown status reads as running (the page asks again). */
export function toJobView(data: CloudImportJob | null): JobView {
  const status = data?.status === 'done' || data?.status === 'failed' ? data.status : 'running'
  const failedRaw: unknown[] = Array.isArray(data?.failed) ? data.failed : []
  const failed = failedRaw
    .filter((f): f is { name?: unknown; msg?: unknown } => typeof f === 'object' && f !== null)
    .map((f) => ({ name: text(f.name), msg: text(f.msg) }))
  const createdRaw: unknown[] = Array.isArray(data?.createdIds) ? data.createdIds : []
  const createdIds = createdRaw.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id))
  const total = count(data?.total)
  return { status, done: Math.min(count(data?.done), total || Infinity), total, createdIds, failed }
}

/** The folders of `dir` from the root, for the path bar: `/a/b` → [{ name: 'a', dir: '/a' }, { name: 'b', dir: '/a/b' }]. */
export function pathSegments(dir: string): { name: string; dir: string }[] {
  const parts = dir.split('/').filter(Boolean)
  return parts.map((name, i) => ({ name, dir: `/${parts.slice(0, i + 1).join('/')}` }))
}

/** `dir` joined with a child folder's name. */
export function childDir(dir: string, name: string): string {
  return `${dir.replace(/\/+$/, '')}/${name}`
}
