/**
 * The reference server of this test file. The e2e global setup starts one server, with its own
 * database, per worker (`baseUrls`); a file runs in one worker, numbered `VITEST_POOL_ID` (1…workers,
 * never two running files with the same number), so files that run side by side never share demo data.
 * Every test reaches its server through `serverUrl()`, never through `inject` itself.
 */
import { inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** One reference server per e2e worker: `baseUrls[VITEST_POOL_ID - 1]`. */
    baseUrls: string[]
  }
}

export function serverUrl(): string {
  const urls = inject('baseUrls')
  const worker = Number(process.env.VITEST_POOL_ID ?? '1')
  const url = urls[worker - 1]
  if (!url) throw new Error(`No reference server for worker ${worker}: the e2e global setup started ${urls.length} (one per worker)`)
  return url
}
