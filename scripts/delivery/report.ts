/** What the deploy CLI prints after each command. */
import { formatSize } from './diff.ts'
import type { DeployResult } from './deploy.ts'
import type { PruneResult } from './prune.ts'
import type { ReleaseInfo } from './releases.ts'
import type { RollbackResult } from './rollback.ts'
import type { RunReport } from './run-report.ts'

const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none')

/** Report of a deploy (or its dry run). */
export function formatDeploy(r: DeployResult, dryRun: boolean): string {
  const bytes = r.copy.reduce((sum, a) => sum + a.size, 0)
  const lines = [
    dryRun ? 'Dry run: nothing was written.' : r.release ? `Release ${r.release} is live.` : 'The target already serves this build.',
    `Assets ${dryRun ? 'to copy' : 'copied'}: ${r.copy.length} (${formatSize(bytes)}); already there: ${r.present.length}`,
    ...r.copy.map((a) => `  + ${a.file}`),
    `HTML ${dryRun ? 'to switch' : 'switched'}: ${list(r.switched)}`,
    `Unchanged: ${list(r.unchanged)}`,
  ]
  if (r.notInBuild.length > 0) lines.push(`Live but not in this build (left as they are): ${list(r.notInBuild)}`)
  if (r.report) lines.push(...afterSwitch(r.report))
  lines.push(`Time: ${(r.report?.seconds ?? r.seconds).toFixed(1)} s`)
  return `${lines.join('\n')}\n`
}

/** The purge and verify lines of a run. */
function afterSwitch(report: RunReport): string[] {
  const lines: string[] = []
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
    ...afterSwitch(report),
    `Time: ${report.seconds.toFixed(1)} s`,
  ]
  return `${lines.join('\n')}\n`
}

/** Report of a rollback (or its dry run). */
export function formatRollback(r: RollbackResult, dryRun: boolean): string {
  const head = dryRun ? 'Dry run: nothing was written.' : r.release ? `Release ${r.release} is live.` : 'Nothing to restore.'
  const lines = [head, ...r.restored.map((x) => `  ${x.path} ← ${x.from}`), `Already at that version: ${list(r.unchanged)}`]
  if (r.report) lines.push(...afterSwitch(r.report), `Time: ${r.report.seconds.toFixed(1)} s`)
  return `${lines.join('\n')}\n`
}

/** `7 days`, `2 h`, `90 s`. */
export function formatDuration(ms: number): string {
  if (ms % 86_400_000 === 0 && ms > 0) return `${ms / 86_400_000} day${ms === 86_400_000 ? '' : 's'}`
  if (ms >= 3_600_000) return `${+(ms / 3_600_000).toFixed(1)} h`
  if (ms >= 60_000) return `${+(ms / 60_000).toFixed(1)} min`
  return `${+(ms / 1000).toFixed(1)} s`
}

/** Report of a prune (or its dry run). */
export function formatPrune(r: PruneResult, dryRun: boolean): string {
  const verb = dryRun ? 'Would delete' : 'Deleted'
  const lines = [
    `Kept releases: ${list(r.keptReleases)}`,
    ...r.inGrace.map((g) =>
      g.liveUntil
        ? `  ${g.id}: live until ${g.liveUntil}, within the ${formatDuration(r.graceMs)} grace period`
        : `  ${g.id}: may still be live`,
    ),
    `${verb} releases: ${list(r.deletedReleases)}`,
    `${verb} files: ${r.deletedFiles.length}`,
    ...r.deletedFiles.map((f) => `  - ${f}`),
  ]
  return `${lines.join('\n')}\n`
}

/** The kept releases, newest first, marking the current one. */
export function formatReleases(releases: readonly ReleaseInfo[], current: string | null): string {
  if (releases.length === 0) return 'No releases yet.\n'
  const rows = releases.map((r) => `${r.id === current ? '*' : ' '} ${r.id}  ${r.kind.padEnd(8)} ${list(r.switched)}  (from ${r.from})`)
  return `${rows.join('\n')}\n`
}
