/** Runs one of the delivery CLIs the way `npm run` does (tsx from the repo root). */
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** The command each npm script runs (package.json). */
const COMMANDS = { 'pages-diff.ts': 'scripts/delivery/cli/pages-diff-command.ts', 'deploy.ts': 'scripts/delivery/cli/deploy-command.ts' }

/** Runs `npm run deploy` or `npm run pages:diff`'s script with `args`; returns exit code and output. */
export function runCli(script: keyof typeof COMMANDS, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(join(repo, 'node_modules/.bin/tsx'), [join(repo, COMMANDS[script]), ...args], {
    cwd: repo,
    encoding: 'utf8',
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}
