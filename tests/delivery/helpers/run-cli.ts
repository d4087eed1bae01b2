/** Runs one of the delivery CLIs the way `npm run` does (tsx from the repo root). */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

/** The command each npm script runs (package.json). */
const COMMANDS = {
  'pages-diff.ts': 'scripts/delivery/cli/pages-diff-command.ts',
  'deploy.ts': 'scripts/delivery/cli/deploy-command.ts',
  'health.ts': 'scripts/delivery/cli/health-command.ts',
}

/** Runs `npm run deploy` or `npm run pages:diff`'s script with `args`; returns exit code and output. */
export function runCli(script: keyof typeof COMMANDS, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(join(repo, 'node_modules/.bin/tsx'), [join(repo, COMMANDS[script]), ...args], {
    cwd: repo,
    encoding: 'utf8',
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

/**
 * `runCli` without blocking this process: for a command that talks to a server this process runs (s3rver,
 * a fake health API). Node with tsx's loader, not the tsx binary: that one runs the script in a child
 * process of its own, which a SIGKILL of the binary would leave running. `started` gets the child (to kill it).
 */
export function runCliAsync(
  script: keyof typeof COMMANDS,
  args: string[],
  env: Record<string, string> = {},
  started?: (child: ChildProcess) => void,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repo, COMMANDS[script]), ...args], {
      cwd: repo,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', fail)
    child.on('close', (code, signal) => done({ code, signal, stdout, stderr }))
    started?.(child)
  })
}
