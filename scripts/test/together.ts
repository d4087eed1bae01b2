/**
 * Runs shell commands side by side and prints each one's output whole, in the order given, once it has
 * ended (never interleaved); exits with 1 when any failed, after all have ended. With `--live`, the first
 * command's output goes out as it comes instead, and the others' whole after it. With `--postgres`, a
 * PostgreSQL for the tests is started first and named to every command (`TEST_DATABASE_URL`, `TEST_PG_BIN`,
 * `TEST_PG_RUN_AS`: scripts/test/test-postgres.ts; none is started when `TEST_DATABASE_URL` is set), then
 * stopped and deleted at the end: after a failure, an error, Ctrl-C, SIGTERM or SIGHUP too.
 *
 * `npm test` runs this way: the build and then the test run (live: a CI log shows its progress), beside
 * tsc and ESLint. Those two keep about a core busy for their first two minutes, which the browser journeys
 * (mostly waiting for pages, audio and timers) leave idle; run before the tests instead, they kept CI
 * waiting for ESLint's 120 s alone.
 *
 *   tsx scripts/test/together.ts --live --postgres "npm run build && vitest run" "npm run typecheck" "npm run lint"
 *   tsx scripts/test/together.ts --live --postgres "npx vitest run tests/server/pg-db.test.ts tests/cluster"
 *
 * Each command runs in a process group of its own, so that a signal reaches all of it (vitest, its workers,
 * their browsers) and no part of it outlives the run: a signal to this process (Ctrl-C, SIGTERM, SIGHUP) is
 * passed on to every group (a second one, 2 s or more later, sends SIGKILL), and once they have ended it stops
 * PostgreSQL and exits 128 + the signal's number. (`npm test` execs this, so that npm's SIGTERM reaches it.)
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { constants } from 'node:os'
import { startTestPostgres, type TestPostgres, type TestPostgresStop } from './test-postgres'

interface Outcome {
  command: string
  code: number
  output: string
  seconds: number
}

const running = new Set<ChildProcess>()

function run(command: string, env: NodeJS.ProcessEnv, live = false): Promise<Outcome> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, detached: true, env: { ...env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } })
    running.add(child)
    let output = ''
    const take = (chunk: Buffer) => (live ? process.stdout.write(chunk) : (output += chunk.toString()))
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    const done = (code: number) => (running.delete(child), resolve({ command, code, output, seconds: (Date.now() - started) / 1000 }))
    child.on('error', (error) => ((output += `${error.message}\n`), done(1)))
    child.on('close', (code, signal) => done(code ?? (signal ? exitCode(signal) : 1)))
  })
}

const flags = new Set<string>()
let first = 2
while (process.argv[first]?.startsWith('--')) flags.add(process.argv[first++]!)
const live = flags.has('--live')
const commands = process.argv.slice(first)
const unknown = [...flags].filter((flag) => flag !== '--live' && flag !== '--postgres')
if (commands.length === 0 || unknown.length > 0) {
  console.error(
    `together: ${unknown.length ? `unknown ${unknown.join(' ')}; ` : ''}give the commands to run, each as one argument ` +
      '([--live] to show the first one as it runs, [--postgres] to start a PostgreSQL for the tests first)',
  )
  process.exit(2)
}

let postgres: TestPostgresStop | undefined
// Whatever ends this process early (process.exit, an uncaught error) stops the tests' PostgreSQL and deletes its folder.
process.on('exit', () => postgres?.stopNow())
const exitCode = (signal: NodeJS.Signals) => 128 + constants.signals[signal]
/**
 * One Ctrl-C reaches this process several times: from the terminal, from npm passing it on, from tsx passing
 * it on. Only a signal after these seconds is a second one, which kills what is left.
 */
const AGAIN_AFTER_MS = 2000
let signalled: { signal: NodeJS.Signals; at: number } | undefined
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (signalled && Date.now() - signalled.at < AGAIN_AFTER_MS) return
    const again = signalled !== undefined
    signalled ??= { signal, at: Date.now() }
    // The groups end, the loop below prints them and stops PostgreSQL: this handler returns at once (tsx, which
    // runs this file, kills it when its event loop does not answer the signal within 30 ms).
    for (const child of running) {
      try {
        process.kill(-child.pid!, again ? 'SIGKILL' : signal)
      } catch {
        // The group has already ended.
      }
    }
  })
}

let env = process.env
if (flags.has('--postgres')) {
  let started: TestPostgres | undefined
  try {
    started = await startTestPostgres(process.env, (stops) => (postgres = stops))
  } catch (error) {
    if (!signalled) console.error(`!! ${(error as Error).message}`)
  }
  if (signalled) {
    await postgres?.stop()
    process.exit(exitCode(signalled.signal))
  }
  if (!started) process.exit(1)
  console.log(`== ${started.description}`)
  env = { ...process.env, ...started.env }
}

// Printed in the order given, each as soon as it and the ones before it have ended.
const outcomes = commands.map((command, i) => run(command, env, live && i === 0))
let failed = 0
for (const pending of outcomes) {
  const { command, code, output, seconds } = await pending
  process.stdout.write(`\n== ${command} (${seconds.toFixed(1)} s${code === 0 ? '' : `, exit ${code}`})\n${output}`)
  if (code !== 0) failed += 1
}
await postgres?.stop()
if (signalled) {
  console.error(`\ntogether: stopped by ${signalled.signal}`)
  process.exit(exitCode(signalled.signal))
}
if (failed > 0) {
  console.error(`\ntogether: ${failed} of ${commands.length} failed`)
  process.exit(1)
}
