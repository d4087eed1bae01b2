/** Shared shape of the delivery CLIs: parse, run, print; refusals exit 1, usage errors exit 2. */
import { DeliveryError } from './manifest.ts'

/** Thrown for bad command lines. */
export class UsageError extends Error {}

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
      process.exitCode = 1
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

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

/** `7d`, `12h`, `30m`, `45s` or `0` → milliseconds; `null` when it is none of those. */
export function parseDuration(value: string): number | null {
  if (value.trim() === '0') return 0
  const match = /^(\d+(?:\.\d+)?)\s*([smhd])$/.exec(value.trim())
  return match ? Number(match[1]) * UNITS[match[2]!]! : null
}
