/** Shared shape of the delivery CLIs: parse, run, print; refusals exit 1, usage errors exit 2. */
import { DeliveryError, UsageError } from '../errors.ts'

/** Runs a CLI body, mapping errors to messages and exit codes. */
export async function runCli(usage: string, body: () => Promise<string>): Promise<void> {
  try {
    process.stdout.write(await body())
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(error as Error).message}\n\n${usage}`)
      process.exitCode = 2
    } else if (error instanceof DeliveryError) {
      if (error.output) process.stdout.write(error.output)
      process.stderr.write(`${error.message}\n`)
      process.exitCode = error.exitCode
    } else {
      throw error
    }
  }
}

/** `a,b , c` → `['a', 'b', 'c']`. */
export function splitList(value: string | undefined): string[] | undefined {
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
}
