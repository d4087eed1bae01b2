/**
 * Reply shapes of the cloud-drive calls (docs/contracts/api.md "Cloud-drive import"). Kept apart from
 * types.ts so a page that does not import from the cloud drive never reads them. Like every reply,
 * any field may be null, missing or of the wrong type: read them with fallbacks.
 */

type Maybe<T> = T | null | undefined

/** `GET /v1/cloudDrive/status`. */
export interface CloudDriveStatus {
  authorized?: Maybe<boolean>
  /** '' when not authorized. */
  accountName?: Maybe<string>
}

/** A file or folder of the cloud drive. */
export interface CloudFile {
  fsId?: Maybe<string>
  name?: Maybe<string>
  isDir?: Maybe<boolean>
  /** Bytes; 0 for a folder. */
  size?: Maybe<number>
  /** `YYYY-MM-DDTHH:mm:ss`. */
  mtime?: Maybe<string>
}

/** `GET /v1/cloudDrive/files`: one page of a folder. */
export interface CloudFileList {
  dir?: Maybe<string>
  /** null at `/`. */
  parent?: Maybe<string>
  items?: Maybe<CloudFile[]>
  hasMore?: Maybe<boolean>
}

/** What `GET /v1/cloudDrive/files` takes. */
export interface CloudFileQuery {
  /** Absolute path; `/` is the root. */
  dir: string
  /** e.g. `pdf`: the server lists only folders and files with that suffix. */
  suffix: string
  start: number
  /** 1–1000. */
  limit: number
}

/** Where an import goes: picture books into the type 1 folder `albumId`, or new folders under `parentId`. */
export type CloudImportTarget = { albumId: number } | { parentId: number }

/** `POST /v1/cloudDrive/import`. */
export interface CloudImportStart {
  jobId?: Maybe<string>
}

/** `GET /v1/cloudDrive/import/{jobId}`. */
export interface CloudImportJob {
  status?: Maybe<'running' | 'done' | 'failed' | string>
  done?: Maybe<number>
  total?: Maybe<number>
  createdIds?: Maybe<number[]>
  failed?: Maybe<{ name?: Maybe<string>; msg?: Maybe<string> }[]>
}

/** The `result` of a cloud-drive call whose grant has expired (HTTP 403). */
export const CLOUD_AUTH_EXPIRED = 'CLOUD_AUTH_EXPIRED'

/** The `result` of an import refused for lack of space (HTTP 409). */
export const CAPACITY = 'CAPACITY'
