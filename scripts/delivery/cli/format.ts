/** What the deploy CLI prints after each command. */
import { byNewest, type DamagedRecord, type ReleaseInfo } from '../releases/records.ts'
import { afterSwitchLines, watchLines } from '../releases/run-report.ts'
import type { DeployResult } from '../run/deploy.ts'
import type { AbortResult, CanaryLine, CanaryResult, PromoteResult } from '../rollout/canary.ts'
import type { PruneResult } from '../run/prune.ts'
import type { RollbackResult } from '../run/rollback.ts'
import { formatDuration, formatSize } from '../units.ts'

const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none')

/** Report of a deploy (or its dry run). */
export function formatDeploy(r: DeployResult, dryRun: boolean): string {
  const bytes = r.copy.reduce((sum, a) => sum + a.size, 0)
  const lines = [
    dryRun ? 'Dry run: nothing was written.' : r.release ? `Release ${r.release} is live.` : 'The target already serves this build.',
    `Assets ${dryRun ? 'to copy' : 'copied'}: ${r.copy.length} (${formatSize(bytes)}); already there: ${r.present.length}`,
    ...r.copy.map((a) => `  + ${a.file}`),
    ...(r.replaced.length > 0 ? [`Files of public/ ${dryRun ? 'to replace' : 'replaced'}: ${list(r.replaced.map((a) => a.file))}`] : []),
    ...(r.publicLeft.length > 0
      ? [
          `Files of public/ that differ in the target, left as they are (a full deploy replaces them): ${list(r.publicLeft.map((a) => a.file))}`,
        ]
      : []),
    `HTML ${dryRun ? 'to switch' : 'switched'}: ${list(r.switched)}`,
    `Unchanged: ${list(r.unchanged)}`,
  ]
  if (r.notInBuild.length > 0) lines.push(`Live but not in this build (left as they are): ${list(r.notInBuild)}`)
  if (r.report) lines.push(...afterSwitchLines(r.report))
  lines.push(`Time: ${r.seconds.toFixed(1)} s`)
  return `${lines.join('\n')}\n`
}

/** Report of a rollback (or its dry run). */
export function formatRollback(r: RollbackResult, dryRun: boolean): string {
  const head = dryRun ? 'Dry run: nothing was written.' : r.release ? `Release ${r.release} is live.` : 'Nothing to restore.'
  const lines = [head, ...r.restored.map((x) => `  ${x.path} ← ${x.from}`), `Already at that version: ${list(r.unchanged)}`]
  if (r.report) lines.push(...afterSwitchLines(r.report), `Time: ${r.report.seconds.toFixed(1)} s`)
  return `${lines.join('\n')}\n`
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
    ...r.damaged.map((d) => `Damaged record kept: ${d.id} (${d.problem})`),
  ]
  if (r.filesKeptFor.length > 0) {
    lines.push(
      `No file deleted: the damaged record${r.filesKeptFor.length === 1 ? '' : 's'} ${list(r.filesKeptFor)} ${r.filesKeptFor.length === 1 ? 'was' : 'were'} made within the grace period, and what ${r.filesKeptFor.length === 1 ? 'it loads' : 'they load'} is unknown`,
    )
  }
  return `${lines.join('\n')}\n`
}

/** The kept releases, newest first, marking the current one (`*`) and the damaged records (`!`). */
export function formatReleases(releases: readonly ReleaseInfo[], current: string | null, damaged: readonly DamagedRecord[] = []): string {
  if (releases.length === 0 && damaged.length === 0) return 'No releases yet.\n'
  const rows = [
    ...releases.map((r) => ({
      id: r.id,
      line: [
        `${r.id === current ? '*' : ' '} ${r.id}  ${r.kind.padEnd(8)} ${list(r.switched)}  (from ${r.from})${stateNote(r)}`,
        // The current release's canaries are live on app devices; older records keep theirs as history.
        ...(r.id === current
          ? Object.values(r.canaries ?? {}).map(
              (c) => `      canary ${c.entry.path}: release ${c.entry.release} to ${c.share} % of app devices since ${c.since}`,
            )
          : []),
      ].join('\n'),
    })),
    ...damaged.map((d) => ({ id: d.id, line: `! ${d.id}  damaged: ${d.problem}` })),
  ].sort((a, b) => byNewest(a.id, b.id))
  return `${rows.map((r) => r.line).join('\n')}\n`
}

function stateNote(r: ReleaseInfo): string {
  if (r.state === 'running') return '  [running, or killed]'
  if (r.state === 'interrupted')
    return `  [interrupted; not switched: ${list(r.interrupted?.notSwitched ?? [])}; found by ${r.interrupted?.foundBy ?? '?'}]`
  return ''
}

/** `/price_up: release 0a1b2c3d4e5f to 20 % of app devices; stable 9f8e7d6c5b4a`. */
export function canaryLine(c: CanaryLine): string {
  return `  ${c.path}: release ${c.release} to ${c.share} % of app devices; stable ${c.stable}${c.replaced ? ` (replaces the canary ${c.replaced})` : ''}`
}

const rolloutLine = (serial: number | null) => (serial === null ? [] : [`rollout.json: serial ${serial}`])

/** Report of a `--canary` (or its dry run). */
export function formatCanary(r: CanaryResult, dryRun: boolean): string {
  const bytes = r.copy.reduce((sum, a) => sum + a.size, 0)
  const lines = [
    dryRun ? 'Dry run: nothing was written.' : 'Canary on app devices (browsers and WeChat keep the stable release):',
    ...r.canaries.map(canaryLine),
    `Assets ${dryRun ? 'to copy' : 'copied'}: ${r.copy.length} (${formatSize(bytes)}); already there: ${r.present.length}`,
    ...rolloutLine(r.serial),
    `Time: ${r.seconds.toFixed(1)} s`,
    ...(r.watch ? watchLines(r.watch) : []),
  ]
  return `${lines.join('\n')}\n`
}

/** Report of a `--promote` (or its dry run). */
export function formatPromote(r: PromoteResult, dryRun: boolean): string {
  const lines = [
    dryRun ? 'Dry run: nothing was written.' : `Release ${r.release} is live: the canaries are every device's release now.`,
    ...r.promoted.map((c) => `  ${c.path}: release ${c.release} (was stable ${c.stable})`),
    ...(r.report ? afterSwitchLines(r.report) : []),
    ...rolloutLine(r.serial),
    `Time: ${r.seconds.toFixed(1)} s`,
  ]
  return `${lines.join('\n')}\n`
}

/** Report of an `--abort` (or its dry run). */
export function formatAbort(r: AbortResult, dryRun: boolean): string {
  const lines = [
    dryRun ? 'Dry run: nothing was written.' : 'Canaries taken away: every app device opens the stable release.',
    ...r.aborted.map((c) => `  ${c.path}: release ${c.release} (${c.share} %) taken away; stable ${c.stable}`),
    ...rolloutLine(r.serial),
    `Time: ${r.seconds.toFixed(1)} s`,
  ]
  return `${lines.join('\n')}\n`
}
