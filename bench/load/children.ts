/**
 * The processes a bench runs beside itself, so that none shares another's event loop: the reference server
 * (serve-instance.ts), and a timer of sequential requests (time-requests.ts).
 */
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'

const REPO_ROOT = resolve(import.meta.dirname, '../..')

export interface Instance {
  url: string
  /** SIGTERM, and resolves once it exited. */
  stop: () => Promise<void>
}

/** Starts serve-instance.ts with `env` (DATA_DIR, DATABASE_URL, DIST_DIR, RATE_LIMITS, TRUST_PROXY…); resolves once it listens. */
export function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'serve-instance.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before listening`)))
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      const url = /LISTENING (\S+)/.exec(text)?.[1]
      if (url) done({ url, stop: () => (child.kill('SIGTERM'), exited) })
    })
  })
}

/**
 * One connection asking `url` again as soon as each answer is in (or `gapMs` after it), for `seconds`, timed
 * in a process of its own (time-requests.ts): every latency, and how many failed.
 */
export async function timeRequests(
  url: string,
  seconds: number,
  { authorization = '', gapMs = 0 }: { authorization?: string; gapMs?: number } = {},
): Promise<{ latencies: number[]; failed: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'time-requests.ts'), url, String(seconds), authorization, String(gapMs)],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text))
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  if (code !== 0) throw new Error(`time-requests.ts exited with ${code}`)
  return JSON.parse(out) as { latencies: number[]; failed: number }
}
