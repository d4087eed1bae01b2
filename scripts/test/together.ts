/**
 * Runs shell commands side by side and prints each one's output whole, in the order given, once it has
 * ended (never interleaved); exits with 1 when any failed, after all have ended. `npm test` runs its
 * checks this way: tsc, ESLint and the build each keep about one core busy, and CI has two.
 *
 *   tsx scripts/test/together.ts "npm run typecheck" "npm run lint" "npm run build && npm run budgets"
 */
import { spawn } from 'node:child_process'

interface Outcome {
  command: string
  code: number
  output: string
  seconds: number
}

function run(command: string): Promise<Outcome> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const done = (code: number) => resolve({ command, code, output, seconds: (Date.now() - started) / 1000 })
    child.on('error', (error) => ((output += `${error.message}\n`), done(1)))
    child.on('close', (code) => done(code ?? 1))
  })
}

const commands = process.argv.slice(2)
if (commands.length === 0) {
  console.error('together: give the commands to run, each as one argument')
  process.exit(2)
}
// Printed in the order given, each as soon as it and the ones before it have ended.
const outcomes = commands.map(run)
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
