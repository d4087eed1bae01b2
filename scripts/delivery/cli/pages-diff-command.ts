/**
 * npm run pages:diff -- <old dist|manifest|deploy target> <new dist|manifest> [--json]
 * Lists the routes whose HTML or asset graph changed, and the new assets they need (issue 8).
 */
import { parseArgs } from 'node:util'
import { diffManifests, formatDiff } from '../diff.ts'
import { UsageError } from '../errors.ts'
import { loadManifest } from '../manifest.ts'
import { runCli } from './run-cli.ts'

const USAGE = `Usage: npm run pages:diff -- <old> <new> [--json]
  <old>, <new>: a build directory (dist), a pages-manifest.json, or a deploy target (its current release)
  --json        print the diff as JSON
`

await runCli(USAGE, async () => {
  const { values, positionals } = parseArgs({
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  })
  if (values.help) return USAGE
  if (positionals.length !== 2) throw new UsageError('pages:diff takes two arguments: <old> <new>')
  const diff = diffManifests(loadManifest(positionals[0]!), loadManifest(positionals[1]!))
  return values.json ? `${JSON.stringify(diff, null, 2)}\n` : formatDiff(diff)
})
