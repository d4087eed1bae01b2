import type { Reporter, TestCase, TestModule } from 'vitest/node'
import { listedSeconds } from './longest-first-sequencer'
import './skip-because'

/** A file this long that the run's order counts as under half of it starts too late (see `timings`). */
const LONG_FILE_S = 30
/** How many of the longest files the last lines name, with their seconds (in a run of more files than this). */
const LONGEST_SHOWN = 15

/**
 * Closes the run, after vitest's own report, with what was not run and a plain count, so that CI logs end
 * with lines any reader (or log scraper) understands and "0 failed" never hides "not run":
 *
 *   Skipped, by project and file, with the reason each gives:
 *     server: 12
 *       tests/server/pg-db.test.ts (12): TEST_DATABASE_URL is not set: …
 *   Errors outside any test (a hook, or a file that failed to load: it counts no tests) in: tests/server/broken.test.ts
 *   Longest files (s): tests/e2e/accessibility-app.test.ts 149, …
 *   Long files the order of the run counts as short (…): tests/delivery/documented-commands.test.ts 151 s (counted 2 s)
 *   Tests: N passed, N failed, N skipped
 *
 * The last two keep scripts/test/longest-first-sequencer.ts's figures true: a long file it does not know starts among
 * the last and holds one worker while the other idles (documented-commands did, 151 s, until it was listed).
 *
 * The reason is the one given with `skipBecause` (scripts/test/skip-because.ts) or `ctx.skip(note)`.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    /** project → file → reason → how many. */
    const skipped = new Map<string, Map<string, Map<string, number>>>()
    const brokenFiles: string[] = []
    for (const module of testModules) {
      const suitesFailed = [...module.children.allSuites()].some((suite) => suite.errors().length > 0)
      if (module.errors().length > 0 || suitesFailed) brokenFiles.push(module.relativeModuleId)
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else {
          counts.skipped++
          const project = test.project.name || '(no project)'
          const files = skipped.get(project) ?? skipped.set(project, new Map()).get(project)!
          const reasons = files.get(module.relativeModuleId) ?? files.set(module.relativeModuleId, new Map()).get(module.relativeModuleId)!
          const reason = reasonOf(test)
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
        }
      }
    }
    let out = ''
    if (skipped.size > 0) {
      out += '\nSkipped, by project and file, with the reason each gives:\n'
      for (const [project, files] of [...skipped].sort(([a], [b]) => a.localeCompare(b))) {
        const total = [...files.values()].flatMap((reasons) => [...reasons.values()]).reduce((sum, n) => sum + n, 0)
        out += `  ${project}: ${total}\n`
        for (const [file, reasons] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
          for (const [reason, n] of reasons) out += `    ${file} (${n}): ${reason}\n`
        }
      }
    }
    if (brokenFiles.length > 0)
      out += `\nErrors outside any test (a hook, or a file that failed to load: it counts no tests) in: ${brokenFiles.sort().join(', ')}\n`
    out += timings(testModules.map(fileTime))
    process.stdout.write(`${out}\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`)
  }
}

/** A test file and the seconds it held a worker for. */
export interface FileTime {
  file: string
  project: string
  seconds: number
}

function fileTime(module: TestModule): FileTime {
  const d = module.diagnostic()
  // From the start of its worker's setup to the end of its last hook: what it held a worker for.
  const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration
  return { file: module.relativeModuleId, project: module.project.name, seconds: Math.round(ms / 1000) }
}

/** The longest files with their seconds, and those the run's order counts as under half as long. */
export function timings(files: readonly FileTime[]): string {
  const timed = [...files].sort((a, b) => b.seconds - a.seconds)
  let out = ''
  if (timed.length > LONGEST_SHOWN) {
    out += `\nLongest files (s): ${timed
      .slice(0, LONGEST_SHOWN)
      .map((t) => `${t.file} ${t.seconds}`)
      .join(', ')}\n`
  }
  const late = timed.filter((t) => t.seconds >= LONG_FILE_S && listedSeconds(t.project, t.file) < t.seconds / 2)
  if (late.length > 0) {
    out +=
      `\nLong files the order of the run counts as short (add them to SLOW_FILES in scripts/test/longest-first-sequencer.ts: ` +
      `they start among the last and hold one worker while the other idles): ${late
        .map((t) => `${t.file} ${t.seconds} s (counted ${listedSeconds(t.project, t.file)} s)`)
        .join(', ')}\n`
  }
  return out
}

function reasonOf(test: TestCase): string {
  const result = test.result()
  if (result.state === 'pending') return 'not run: the run ended before it (interrupted, or --bail)'
  if (result.state === 'skipped' && result.note) return result.note
  const reason = test.meta().skipReason
  if (reason) return reason
  if (test.options.mode === 'todo') return 'a todo'
  if (test.options.mode === 'skip') return 'no reason given (it.skip or describe.skip, .only elsewhere, or a -t filter)'
  // Meant to run: what failed around it (a beforeAll, the file) is among the errors above.
  for (let parent = test.parent; ; parent = parent.parent) {
    if (parent.errors().length > 0) {
      return parent.type === 'module'
        ? 'not run: its file failed (the error is above)'
        : `not run: "${parent.name}" failed before it (the error is above)`
    }
    if (parent.type === 'module') return 'skipped while running (ctx.skip without a note)'
  }
}
