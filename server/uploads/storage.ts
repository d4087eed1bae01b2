/**
 * Where uploaded files live (issue 40 item 3): the local disk (`<DATA_DIR>/uploads`, the default and the
 * demo) or an S3 bucket (`UPLOADS_URL=s3://<bucket>/<prefix>`, every instance sharing it), and where the
 * demo media are read from (`/media/`: the repository's folder, or the bucket's `<prefix>/media/`). Everything
 * else — names, rows, capacity, covers, the collector — is the same on both: a stored file is named
 * `<32 hex>.<ext>` (random, never reused), its row in `uploads` has that `file_name`, and replies name it
 * `/uploads/<name>`, which any instance answers (from its disk, or by a redirect to `UPLOADS_PUBLIC_URL`).
 */
import type { FastifyInstance } from 'fastify'

export interface UploadStorage {
  readonly kind: 'disk' | 's3'
  /** A local folder where files are written while they arrive (`.<id>.part`), checked, then kept. */
  readonly partsDir: string
  /** Stores the complete file at `partPath` as `name` (one step: no reader sees it half written), and removes the part. */
  keep(partPath: string, name: string, mimeType: string): Promise<void>
  /** Removes stored files; one that is already gone is not an error. */
  remove(names: readonly string[]): Promise<void>
  /** Every stored file (the collector), in pages: its name and when it was last written (ms since 1970). */
  list(): AsyncIterable<StoredFile[]>
  /** Answers `GET /uploads/<name>` on `app`. */
  serve(app: FastifyInstance): Promise<void>
  /**
   * Answers `GET /media/<path>`, the demo media, on `app`: from `dir` on disk; on S3 from the bucket's
   * `<prefix>/media/`, the same way as uploads (s3-media.ts).
   */
  serveMedia(app: FastifyInstance, dir: string): Promise<void>
  /** Copies the media of `dir` the storage lacks to it (the demo's start); returns how many. Disk: none, it serves `dir`. */
  publishMedia(dir: string): Promise<number>
  /** Releases the client (a bucket's connections). */
  close(): Promise<void>
}

export interface StoredFile {
  name: string
  modifiedMs: number
}

/** A stored upload's name: 32 hex digits and a known extension (receive-upload.ts makes them). */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif|pdf)$/

/** The one-year, never-changing cache of an upload (its name is random and never reused). */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable'
