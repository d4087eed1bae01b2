/**
 * npm run deploy -- --to <dir> [--from dist] [--pages a,b] [--dry-run]
 *                   --to <dir> --rollback <release id|manifest> [--pages a,b] [--dry-run]
 *                   --to <dir> --prune --keep N [--dry-run]
 *                   --to <dir> --list
 * See README "Deploying one page at a time" (issue 8).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { runCli, splitList, UsageError } from './delivery/cli.ts'
import { deploy } from './delivery/deploy.ts'
import { prune } from './delivery/prune.ts'
import { currentRelease, listReleases } from './delivery/releases.ts'
import { formatDeploy, formatPrune, formatReleases, formatRollback } from './delivery/report.ts'
import { rollback } from './delivery/rollback.ts'

const USAGE = `Usage:
  npm run deploy -- --to <dir> [--from dist] [--pages a,b] [--dry-run]     publish a build (or some pages)
  npm run deploy -- --to <dir> --rollback <release|manifest> [--pages a,b]  restore pages from a kept release
  npm run deploy -- --to <dir> --prune --keep N [--dry-run]                 delete assets the last N releases do not use
  npm run deploy -- --to <dir> --list                                       list kept releases (* = current)
`

await runCli(USAGE, async () => {
  const { values: v } = parseArgs({
    options: {
      to: { type: 'string' },
      from: { type: 'string', default: 'dist' },
      pages: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      rollback: { type: 'string' },
      prune: { type: 'boolean', default: false },
      keep: { type: 'string' },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (v.help) return USAGE
  if (!v.to) throw new UsageError('--to <dir> is required')
  const to = resolve(v.to)
  const dryRun = v['dry-run']
  const pages = splitList(v.pages)
  const modes = [v.rollback !== undefined, v.prune, v.list].filter(Boolean).length
  if (modes > 1) throw new UsageError('--rollback, --prune and --list do not combine')

  if (v.list) return formatReleases(listReleases(to), currentRelease(to))
  if (v.prune) {
    if (v.keep === undefined || !/^\d+$/.test(v.keep)) throw new UsageError('--prune needs --keep N')
    if (pages) throw new UsageError('--prune works on the whole target; drop --pages')
    return formatPrune(await prune({ to, keep: Number(v.keep), dryRun }), dryRun)
  }
  if (v.keep !== undefined) throw new UsageError('--keep goes with --prune')
  if (v.rollback !== undefined) {
    return formatRollback(await rollback({ to, target: v.rollback, dryRun, ...(pages ? { pages } : {}) }), dryRun)
  }
  return formatDeploy(await deploy({ from: resolve(v.from), to, dryRun, ...(pages ? { pages } : {}) }), dryRun)
})
