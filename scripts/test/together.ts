/**
 * Runs shell commands side by side and prints each one's output whole, in the order given, once it has
 * ended (never interleaved); exits with 1 when any failed, after all have ended. With `--live`, the first
 * command's output goes out as it comes instead, and the others' whole after it.
 *
 * `npm test` runs this way: the build and then the test run (live: a CI log shows its progress), beside
 * tsc and ESLint. Those two keep about a core busy for their first two minutes, which the browser journeys
 * (mostly waiting for pages, audio and timers) leave idle; run before the tests instead, they kept CI
 * waiting for ESLint's 120 s alone.
 *
 *   tsx scripts/test/together.ts --live "npm run build && vitest run" "npm run typecheck" "npm run lint"
 */
import { spawn } from 'node:child_process'

interface Outcome {
  command: string
  code: number
  output: string
  seconds: number
}

function run(command: string, live = false): Promise<Outcome> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } })
    let output = ''
    const take = (chunk: Buffer) => (live ? process.stdout.write(chunk) : (output += chunk.toString()))
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    const done = (code: number) => resolve({ command, code, output, seconds: (Date.now() - started) / 1000 })
    child.on('error', (error) => ((output += `${error.message}\n`), done(1)))
    child.on('close', (code) => done(code ?? 1))
  })
}

const live = process.argv[2] === '--live'
const commands = process.argv.slice(live ? 3 : 2)
if (commands.length === 0) {
  console.error('together: give the commands to run, each as one argument ([--live] first to show the first one as it runs)')
  process.exit(2)
}
// Printed in the order given, each as soon as it and the ones before it have ended.
const outcomes = commands.map((command, i) => run(command, live && i === 0))
let failed = 0
for (const pending of outcomes) {
  const { command, code, output, seconds } = await pending
  process.stdout.write(`\n== ${command} (${seconds.toFixed(1)} s${code === 0 ? '' : `, exit ${code}`})\n${output}`)
  if (code !== 0) failed += 1
}
if (failed > 0) {
  console.error(`\ntogether: ${failed} of ${commands.length} failed`)
  process.exit(1)
}
