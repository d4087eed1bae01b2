/**
 * The cloud-drive provider interface: everything the import needs from a cloud drive. The reference
 * server ships the demo provider (demo/demo-provider.ts, the demo's default) and Baidu Netdisk's open
 * platform (baidu/baidu-provider.ts, configured by BAIDU_*); `buildApp({ cloudDrive })` takes any other.
 * See docs/server.md "The provider".
 */
import type { Readable } from 'node:stream'

/**
 * What the host hands over after the cloud drive's sign-in, kept per user (cloud_drive_grants).
 * A provider reads only what it needs; `accessToken` is opaque to the rest of the server.
 */
export interface CloudGrant {
  userId: number
  /** The provider module the grant belongs to ('demo' here). */
  provider: string
  accountName: string
  accessToken: string
  refreshToken: string
  expiresAt: Date
}

/** A file or folder of the drive. `path` is absolute (`/a/b.pdf`); the root `/` is no entry. */
export interface CloudEntry {
  fsId: string
  path: string
  name: string
  isDir: boolean
  /** Bytes; 0 for a folder. */
  size: number
  mtime: Date
}

export interface ListOptions {
  /** Only files whose name ends with `.{suffix}`, compared case-insensitively (folders always). */
  suffix: string
  /** Index of the first entry of the sorted, filtered listing. */
  start: number
  limit: number
}

export interface CloudListing {
  /** Folders first, then files, each by name. */
  entries: CloudEntry[]
  /** Whether entries follow after `start + limit`. */
  hasMore: boolean
}

/** What a token exchange or refresh gives. */
export interface CloudTokens {
  accessToken: string
  refreshToken: string
  expiresAt: Date
}

export interface CloudDriveProvider {
  /** Short name stored with each grant (`CloudGrant.provider`). */
  readonly name: string
  /**
   * The drive's OAuth sign-in page (the authorize URL a host opens natively), when the provider takes
   * codes; the fake host's development route follows it (server/dev/cloud-drive-dev-routes.ts).
   */
  readonly signInUrl?: string
  /**
   * The grant (without its user) for the authorization code the host got from the drive's sign-in:
   * exchanges the code and reads the account's name. Throws CloudDriveError 'auth-expired' when the
   * drive refuses the code (wrong, used, too old). Absent: the provider takes no codes (the demo).
   */
  authorize?(code: string): Promise<Omit<CloudGrant, 'userId'>>
  /**
   * New tokens for `grant` (its refresh token is then used up). Throws 'auth-expired' when the drive
   * refuses the refresh token. Absent: grants are never renewed. Called by renewGrant only, which
   * saves the new pair under the grant's row lock (cloud-drive-service.ts).
   */
  refresh?(grant: CloudGrant): Promise<CloudTokens>
  /**
   * The folder `dir` (absolute, `/` = root), filtered, sorted and paged as ListOptions says.
   * Throws CloudDriveError 'not-found' when `dir` is no folder of the drive.
   */
  list(grant: CloudGrant, dir: string, options: ListOptions): Promise<CloudListing>
  /** The entries of `fsIds` that exist; an absent id is simply missing from the map. */
  stat(grant: CloudGrant, fsIds: readonly string[]): Promise<Map<string, CloudEntry>>
  /**
   * The bytes of the file `fsId`. Throws CloudDriveError 'read-failed' when they cannot be read;
   * stops (rejects or errors the stream) when `signal` aborts.
   */
  read(grant: CloudGrant, fsId: string, signal: AbortSignal): Promise<Readable>
}

/** Why a provider call failed. */
export type CloudDriveErrorKind =
  /** The grant is expired or revoked: the user must authorize again (HTTP 403 CLOUD_AUTH_EXPIRED). */
  | 'auth-expired'
  /** The folder or file does not exist (any more). */
  | 'not-found'
  /** The bytes could not be read (the file of a job fails; the others go on). */
  | 'read-failed'
  /** The drive did not answer or answered something unexpected. */
  | 'unavailable'

/** A failure of a provider call; providers throw only these (or an AbortError when aborted). */
export class CloudDriveError extends Error {
  readonly kind: CloudDriveErrorKind

  constructor(kind: CloudDriveErrorKind, message: string = kind) {
    super(message)
    this.name = 'CloudDriveError'
    this.kind = kind
  }
}

/** Whether `name` ends with `.{suffix}`, case-insensitively. */
export function hasSuffix(name: string, suffix: string): boolean {
  const ending = `.${suffix.toLowerCase()}`
  return name.length > ending.length && name.toLowerCase().endsWith(ending)
}

const collator = new Intl.Collator('zh-Hans-CN', { numeric: true })

/** Listing order: folders first, then files, each by name (numbers by value: `2` before `10`). */
export function compareEntries(a: CloudEntry, b: CloudEntry): number {
  if (a.isDir !== b.isDir) return a.isDir ? -1 : 1
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
}
