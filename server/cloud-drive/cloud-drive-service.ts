/**
 * The cloud-drive calls of docs/contracts/api.md over a CloudDriveProvider: the grant, the status and
 * the listing, and what imports share (import-service.ts, import-runner.ts).
 */
import type { Db } from '../db/db'
import { ApiError, badRequest, notFound } from '../http/envelope'
import { formatChinaTime } from '../http/text'
import { findGrant, lockGrant, saveTokens } from '../repositories/cloud-grants-repository'
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

/** A grant this close to its expiry is renewed first (when the provider can refresh). */
export const RENEW_AHEAD_MS = 60 * 60 * 1000

/**
 * The user's grant, renewed first when it expires within RENEW_AHEAD_MS and the provider refreshes
 * tokens; null without one. A refresh token is single-use, so the renewal runs under the grant's
 * row lock: of several instances renewing at once, the first refreshes and saves the new pair in
 * the same transaction, the others wait for it and then find the pair already changed and use it.
 * A refused refresh token is dropped (the grant then runs out: the user authorizes again); a drive
 * that does not answer leaves the grant as it was (used while it lives, tried again next call).
 */
export async function currentGrant(db: Db, provider: CloudDriveProvider, userId: number): Promise<CloudGrant | null> {
  const grant = await findGrant(db, userId)
  if (!grant || !provider.refresh || grant.provider !== provider.name || grant.refreshToken === '') return grant
  if (grant.expiresAt.getTime() - Date.now() > RENEW_AHEAD_MS) return grant
  const renewed = await db.transaction(async (tx) => {
    const locked = await lockGrant(tx, userId)
    // Gone, granted again, or renewed by another call while this one waited for the lock.
    if (!locked || locked.provider !== grant.provider || locked.refreshToken !== grant.refreshToken) return locked
    try {
      const tokens = await provider.refresh!(locked)
      await saveTokens(tx, userId, tokens)
      return { ...locked, ...tokens }
    } catch (error) {
      if (!(error instanceof CloudDriveError)) throw error
      if (error.kind === 'auth-expired') {
        await saveTokens(tx, userId, { ...locked, refreshToken: '' })
        return { ...locked, refreshToken: '' }
      }
      return { error, grant: locked }
    }
  })
  if (renewed && 'error' in renewed) {
    if (isLive(renewed.grant)) return renewed.grant
    throw renewed.error
  }
  return renewed
}

/** The user's live grant; 403 CLOUD_AUTH_EXPIRED when it is missing or expired. */
export async function requireGrant(db: Db, provider: CloudDriveProvider, user: User): Promise<CloudGrant> {
  const grant = await currentGrant(db, provider, user.id).catch((error: unknown) => {
    throw asApiError(error)
  })
  if (!grant) throw authExpired(CLOUD_MSG.notAuthorized)
  if (!isLive(grant)) throw authExpired()
  return grant
}

/** GET /v1/cloudDrive/status: no grant = not authorized; an expired one is a 403 like every call. */
export async function getStatus(db: Db, provider: CloudDriveProvider, user: User): Promise<{ authorized: boolean; accountName: string }> {
  const grant = await currentGrant(db, provider, user.id).catch((error: unknown) => {
    throw asApiError(error)
  })
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
  const grant = await requireGrant(db, provider, user)
  const listing = await provider
    .list(grant, dir, { suffix: query.suffix, start: query.start, limit: query.limit })
    .catch((error: unknown) => {
      throw asApiError(error)
    })
  return { dir, parent: parentOf(dir), items: listing.entries.map(toView), hasMore: listing.hasMore }
}
