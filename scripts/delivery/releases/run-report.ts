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
  /** What the watch (`--watch`) decided, once it ended. */
  watch?: WatchReport
}

/** One page's outcome in a watch (run/watch.ts), or one canary's in a canary watch (run/watch-canary.ts). */
export interface WatchDecision {
  route: string
  /** The new release, or the canary release (`null`: the build wrote none). */
  release: string | null
  /** The release it replaced, or the stable one it was compared with (`null`: a new page, or none recorded). */
  previous: string | null
  /** `aborted`: a canary watch took the canary away. */
  outcome: 'taken back' | 'kept' | 'not watched' | 'aborted'
  why: string
  /** When it was decided (`null`: not watched). */
  at: string | null
}

/** A page the watch took back, at the look that judged it. */
export interface TakeBack {
  /** The `rollback` release that switched it (and its copies) back. */
  release: string
  paths: string[]
  /** When it was decided (ISO). */
  at: string
  why: string
  /** Its purge (`null`: no purge command). */
  purge: { urls: string[]; error: string | null } | null
}

export interface WatchReport {
  /** The health API. */
  api: string
  seconds: number
  minViews: number
  /** The looks the watch planned, and the test level at each (deployLevels: interim, then final). */
  looks: number
  levels: { interim: number; final: number }
  decisions: WatchDecision[]
  /** Each take-back, in the order they happened. */
  takeBacks: TakeBack[]
  /** `false` when the health API never answered: nothing was judged. */
  judged: boolean
  /**
   * A canary watch: canary and stable compared in the same window, from `from` (ISO), the app's views of each
   * cohort; each canary judged worse was aborted (`aborted`: the routes, at the look that judged them).
   */
  canary?: { from: string; aborted: { routes: string[]; at: string; why: string; error: string | null }[] }
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
  if (report.watch) lines.push(...watchLines(report.watch))
  return lines
}

/** What a watch decided, a line a page. */
export function watchLines(w: WatchReport): string[] {
  const what = w.canary ? `canaries against stable, the app's views from ${w.canary.from}, ` : ''
  const lines = [
    `Watched ${what}${w.seconds < 90 ? `${Math.round(w.seconds)} s` : `${(w.seconds / 60).toFixed(1)} min`} at ${w.api} (a verdict needs ${w.minViews} views):`,
  ]
  const against = w.canary ? 'stable' : 'before'
  for (const d of w.decisions)
    lines.push(
      `  ${d.route} ${d.release ?? '(no release id)'}${d.previous ? ` (${against}: ${d.previous})` : ''}: ${d.outcome.toUpperCase()}: ${d.why}`,
    )
  for (const a of w.canary?.aborted ?? [])
    lines.push(`Canary aborted: ${list(a.routes)} (at ${a.at.slice(11, 19)}Z${a.error ? `, FAILED: ${a.error}` : ''})`)
  for (const t of w.takeBacks) {
    lines.push(`Taken back: ${list(t.paths)} (release ${t.release}, at ${t.at.slice(11, 19)}Z: ${t.why})`)
    if (t.purge) {
      const state = t.purge.error ? `FAILED: ${t.purge.error}` : 'done'
      lines.push(`Purged: ${t.purge.urls.length} URLs (${state})`, ...t.purge.urls.map((u) => `  ${u}`))
    }
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
