/** `--to`: the store a target names, a directory or `s3://<bucket>/<prefix>`. */
import { resolve } from 'node:path'
import { UsageError } from '../errors.ts'
import { DirStore } from './dir/dir-store.ts'
import type { Store } from './store.ts'

/** `--to`: a directory, or `s3://<bucket>/<prefix>` (configured from the environment, s3/s3-store.ts). */
export async function openStore(to: string | Store): Promise<Store> {
  if (typeof to !== 'string') return to
  if (/^s3:\/\//i.test(to)) {
    // Loaded only for an S3 target: the directory target needs no AWS SDK.
    const { s3StoreFromUrl } = await import('./s3/s3-store.ts')
    return s3StoreFromUrl(to)
  }
  // `s3:/x`, `gs://x`, `https://x`: not a directory (a one-letter `C:` is left to the path rules).
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(to)?.[1]
  if (scheme?.toLowerCase() === 's3') throw new UsageError(`--to ${to}: write s3://<bucket>/<prefix>`)
  if (scheme !== undefined) {
    throw new UsageError(`--to ${to}: unknown target scheme "${scheme}:"; give a directory or s3://<bucket>/<prefix>`)
  }
  return new DirStore(resolve(to))
}
