/**
 * The cloud-drive calls of docs/contracts/api.md over a CloudDriveProvider: the grant, the status and
 * the listing, and what imports share (import-service.ts, import-runner.ts).
 */
import type { Db } from '../db/db'
import { ApiError, badRequest, notFound } from '../http/envelope'
import { formatChinaTime } from '../http/text'
import { findGrant } from '../repositories/cloud-grants-repository'
import type { User } from '../repositories/users-repository'
import { CLOUD_MSG } from './messages'
import { CloudDriveError, type CloudDriveProvider, type CloudEntry, type CloudGrant } from './provider'

/** The only kind of file that becomes a picture book. */
export const BOOK_SUFFIX = 'pdf'
/** Most fsIds one import takes. */
export const MAX_IMPORT_IDS = 100
/**
 * Most imports one user may have running at once (issue 40 item 5): the page runs one at a time, and
 * three leave room for a second device or page without letting one user queue work without end.
 * Keep `CLOUD_MSG.tooManyImports` in step.
 */
export const MAX_RUNNING_IMPORTS = 3

/** Contract CloudFile. */
export interface CloudFileView {
  fsId: string
  name: string
  isDir: boolean
  size: number
  mtime: string
}

/** 403 CLOUD_AUTH_EXPIRED: the page goes back to its authorize step. */
export const authExpired = (msg: string = CLOUD_MSG.authExpired) => new ApiError(403, msg, 'CLOUD_AUTH_EXPIRED')

/** Turns a provider failure into the reply the page sees. */
export function asApiError(error: unknown): unknown {
  if (!(error instanceof CloudDriveError)) return error
  if (error.kind === 'auth-expired') return authExpired()
  if (error.kind === 'not-found') return notFound(CLOUD_MSG.dirMissing)
  return new ApiError(502, CLOUD_MSG.unavailable)
}

/** Whether the grant may be used now. */
export const isLive = (grant: CloudGrant) => grant.expiresAt.getTime() > Date.now()

/** The user's live grant; 403 CLOUD_AUTH_EXPIRED when it is missing or expired. */
export async function requireGrant(db: Db, user: User): Promise<CloudGrant> {
  const grant = await findGrant(db, user.id)
  if (!grant) throw authExpired(CLOUD_MSG.notAuthorized)
  if (!isLive(grant)) throw authExpired()
  return grant
}

/** GET /v1/cloudDrive/status: no grant = not authorized; an expired one is a 403 like every call. */
export async function getStatus(db: Db, user: User): Promise<{ authorized: boolean; accountName: string }> {
  const grant = await findGrant(db, user.id)
  if (!grant) return { authorized: false, accountName: '' }
  if (!isLive(grant)) throw authExpired()
  return { authorized: true, accountName: grant.accountName }
}

/**
 * The canonical form of an absolute drive path (`/`, `/a/b`), or null when it is not one: it must
 * start with `/`, and no segment may be empty, `.` or `..` (a trailing `/` is dropped).
 */
export function normalizeDir(dir: string): string | null {
  if (!dir.startsWith('/')) return null
  if (dir === '/') return '/'
  const segments = dir.replace(/\/$/, '').split('/').slice(1)
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null
  return `/${segments.join('/')}`
}

const parentOf = (dir: string): string | null => (dir === '/' ? null : dir.slice(0, dir.lastIndexOf('/')) || '/')

const toView = (entry: CloudEntry): CloudFileView => ({
  fsId: entry.fsId,
  name: entry.name,
  isDir: entry.isDir,
  size: entry.isDir ? 0 : entry.size,
  mtime: formatChinaTime(entry.mtime),
})

/** GET /v1/cloudDrive/files. */
export async function listFiles(
  db: Db,
  provider: CloudDriveProvider,
  user: User,
  query: { dir: string; suffix: string; start: number; limit: number },
): Promise<{ dir: string; parent: string | null; items: CloudFileView[]; hasMore: boolean }> {
  const dir = normalizeDir(query.dir)
  if (dir === null) throw badRequest(CLOUD_MSG.badDir)
  const grant = await requireGrant(db, user)
  const listing = await provider
    .list(grant, dir, { suffix: query.suffix, start: query.start, limit: query.limit })
    .catch((error: unknown) => {
      throw asApiError(error)
    })
  return { dir, parent: parentOf(dir), items: listing.entries.map(toView), hasMore: listing.hasMore }
}
