/** What a deploy or rollback did, printed at its end and kept in its release record (release.json). */
import { formatSize } from '../units.ts'

/** A page verify found the public URL cannot serve complete (run/verify.ts). */
export interface VerifyFailure {
  /** The page that cannot be served complete. */
  path: string
  url: string
  problem: string
}

export interface RunReport {
  /** Routes whose HTML was switched. */
  routes: string[]
  /** Files of `public/` replaced (a full deploy of changed ones). */
  replaced?: string[]
  /** Pages a killed run switched and left unpurged and unverified, finished by this run, by release. */
  carried?: { release: string; routes: string[] }[]
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

const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none')

/** The purge and verify lines of a run. */
export function afterSwitchLines(report: RunReport): string[] {
  const lines: string[] = []
  for (const c of report.carried ?? []) {
    lines.push(`Finished for the interrupted release ${c.release} (its run was killed): ${list(c.routes)}`)
  }
  if (report.purge) {
    const state = report.purge.error ? `FAILED: ${report.purge.error}` : 'done'
    lines.push(`Purged: ${report.purge.urls.length} URLs (${state})`, ...report.purge.urls.map((u) => `  ${u}`))
  }
  const v = report.verify
  if (v) {
    const what = `${v.pages} page${v.pages === 1 ? '' : 's'}, ${v.files} files at ${v.publicUrl}`
    if (v.failures.length === 0) lines.push(`Verified: ${what}: all match`)
    else {
      lines.push(`Verify FAILED: ${what}:`, ...v.failures.map((f) => `  ${f.path}: ${f.url} ${f.problem}`))
      lines.push(`Put back to what was live before: ${list(v.rolledBack)} (release ${v.rollbackRelease})`)
    }
    lines.push(...v.warnings.map((w) => `  warning: ${w}`))
  }
  return lines
}

/** The report kept in a release record, as printed (a refused run prints it before its reason). */
export function formatReport(release: string, report: RunReport): string {
  const lines = [
    `Release ${release}: HTML switched: ${list(report.routes)}`,
    `Uploaded: ${report.uploaded.files} files (${formatSize(report.uploaded.bytes)})`,
    ...afterSwitchLines(report),
    `Time: ${report.seconds.toFixed(1)} s`,
  ]
  return `${lines.join('\n')}\n`
}
