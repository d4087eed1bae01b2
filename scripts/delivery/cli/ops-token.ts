/**
 * The server's `OPS_TOKEN` for the delivery CLIs (`npm run health`, `npm run deploy -- --health`): from
 * the environment (`OPS_TOKEN`) or a file (`--token-file <path>`), never from the command line, where
 * `ps`, `/proc/<pid>/cmdline` and a shell's history show it to everyone on the machine.
 */
import { readFileSync, statSync } from 'node:fs'
import { UsageError } from '../errors.ts'

/** The one line `--token` gets. */
export const TOKEN_ARG_REFUSED =
  '--token is not taken (a command line shows in process listings): set OPS_TOKEN in the environment or give --token-file <file>'

/**
 * The token `--token-file` names or `OPS_TOKEN` holds (undefined: none), or a `UsageError` of one line:
 * `--token` given; both a file and the variable (which one was meant?); a file that cannot be read, is
 * empty, or that others than its owner may read (`chmod 600 <file>`, as ssh asks of a key).
 */
export function opsTokenOf(
  v: { token?: string; 'token-file'?: string },
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (v.token !== undefined) throw new UsageError(TOKEN_ARG_REFUSED)
  const file = v['token-file']
  if (file === undefined) return env.OPS_TOKEN || undefined
  if (env.OPS_TOKEN) throw new UsageError('--token-file and OPS_TOKEN are both set: give one')
  let mode: number
  let text: string
  try {
    mode = statSync(file).mode
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(`--token-file ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`)
  }
  if (platform !== 'win32' && (mode & 0o077) !== 0)
    throw new UsageError(`--token-file ${file}: others than its owner may read it (mode ${(mode & 0o777).toString(8)}): chmod 600 ${file}`)
  const token = text.trim()
  if (!token || /\s/.test(token)) throw new UsageError(`--token-file ${file}: holds no token (one line, no spaces)`)
  return token
}
