/**
 * Runs `npm run deploy` (tsx scripts/delivery/cli/deploy-command.ts) as a child process without blocking this one: the S3
 * tests serve the bucket from this process, so a synchronous spawn would wait for itself.
 */
import type { ChildProcess } from 'node:child_process'
import { runCliAsync } from './run-cli'

export type DeployRun = Awaited<ReturnType<typeof runCliAsync>>

/** Runs the deploy CLI with `args` and extra environment `env`; `started` gets the child (to kill it). */
export function runDeploy(args: string[], env: Record<string, string> = {}, started?: (child: ChildProcess) => void): Promise<DeployRun> {
  return runCliAsync('deploy.ts', args, env, started)
}
