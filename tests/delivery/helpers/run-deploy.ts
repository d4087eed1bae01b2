/**
 * Runs `npm run deploy` (tsx scripts/delivery/cli/deploy-command.ts) as a child process without blocking this one: the S3
 * tests serve the bucket from this process, so a synchronous spawn would wait for itself.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

export interface DeployRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Runs the deploy CLI with `args` and extra environment `env`; `started` gets the child (to kill it). */
export function runDeploy(args: string[], env: Record<string, string> = {}, started?: (child: ChildProcess) => void): Promise<DeployRun> {
  return new Promise((done, fail) => {
    // Node with tsx's loader, not the tsx binary: that one runs the script in a child process of its
    // own, which a SIGKILL of the binary would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'scripts/delivery/cli/deploy-command.ts'), ...args], {
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
