/** What a deploy or rollback did, printed at its end and kept in its release record (release.json). */
import type { VerifyFailure } from './verify.ts'

export interface RunReport {
  /** Routes whose HTML was switched. */
  routes: string[]
  uploaded: { files: number; bytes: number }
  /** The URLs given to the purge command (`null`: no purge command). */
  purge: { urls: string[]; error: string | null } | null
  /** `null`: not verified. */
  verify: {
    publicUrl: string
    pages: number
    files: number
    failures: VerifyFailure[]
    warnings: string[]
    /** Pages put back to what was live before, because they failed. */
    rolledBack: string[]
    /** The release that put them back. */
    rollbackRelease: string | null
  } | null
  /** Seconds from the start of the run to the end of the verify. */
  seconds: number
}
