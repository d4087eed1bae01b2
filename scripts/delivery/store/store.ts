/**
 * Where a deploy publishes: a directory (a disk behind nginx) or a prefix of an S3-compatible bucket
 * (behind a CDN). deploy, rollback, prune, the lock, purge and verify are written once against this
 * interface; each store only knows how to read and write its objects (open-store.ts picks one for `--to`).
 * Keys are `/`-separated paths relative to the target's root: `assets/home-Cx1.js`, `price_up/index.html`,
 * `.releases/current`.
 */

/** sha256 and size of a stored object. */
export interface StoredFile {
  sha256: string
  size: number
}

export interface Store {
  /** The target as people name it: `/srv/h5` or `s3://h5/site`. */
  readonly name: string
  /** The bytes of `key`, or `null` when there is no such object. */
  get(key: string): Promise<Buffer | null>
  /** The sha256 and size of `key` (an S3 object's from its metadata), or `null` when absent. */
  stat(key: string): Promise<StoredFile | null>
  /** When the store last wrote `key` (ms since the epoch, by the store's clock), or `null` when absent. */
  modifiedAt(key: string): Promise<number | null>
  /** Writes `key` in one step (a reader gets the old or the new bytes), with its headers (headers.ts). */
  put(key: string, bytes: Uint8Array): Promise<void>
  /**
   * Writes `key` unless it exists. An existing object must hold the same bytes, or this refuses
   * (hashed names: same name, same content). Returns `false` when it was already there.
   */
  putNew(key: string, bytes: Uint8Array): Promise<boolean>
  /** Every key under `prefix` (`assets/`, `.releases/`), sorted; temporary files left out. */
  list(prefix: string): Promise<string[]>
  /** Deletes `key` (nothing when absent). */
  delete(key: string): Promise<void>
  /** Deletes `keys` (those absent are no error), in as few requests as the store allows. */
  deleteMany(keys: readonly string[]): Promise<void>
  /** Lock writes: creates `key` only if absent; `true` when this call created it. */
  createIfAbsent(key: string, bytes: Uint8Array): Promise<boolean>
  /** Lock writes: replaces `key` only if it still holds `expected`; `true` when this call replaced it. */
  replaceIf(key: string, expected: Uint8Array, bytes: Uint8Array): Promise<boolean>
  /** Deletes what a killed run left of this store's own temporary writes; returns how many. */
  removeLeftovers(): Promise<number>
  /**
   * A store failure (a full disk, a bucket still failing after the retries) as the first part of a
   * one-line refusal, or `null` for any other error.
   */
  failure(error: unknown): string | null
}
