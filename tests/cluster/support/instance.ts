/**
 * One real server process (`server/main.ts`, as `npm run serve` runs it) with its own DATA_DIR: started,
 * SIGKILLed, SIGTERMed and started again by the cluster tests. Its output is kept for a failure's message.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const BANNER = /Reference server on (http:\/\/\S+)/

export class Instance {
  /** `http://127.0.0.1:<port>` while it runs (a new port after each start, unless `port` is fixed); '' otherwise. */
  url = ''
  /** Everything it printed, all starts together. */
  output = ''
  /** Its output's lines, each with when it arrived (ms since 1970): which instance said what, when. */
  readonly lines: { at: number; text: string }[] = []
  private child: ChildProcess | null = null
  private exited: Promise<number | null> = Promise.resolve(null)
  readonly dataDir = mkdtempSync(join(tmpdir(), 'kids-cluster-instance-'))

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
    /** The port of every start (as behind a balancer whose upstream names it), or 0: a free one each time. */
    readonly port = 0,
  ) {}

  /** Starts the process and resolves once it listens (its banner). */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    this.child = child
    this.url = ''
    const from = this.output.length
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)))
    await new Promise<void>((resolve, reject) => {
      // One reader per stream: a line may arrive in several chunks.
      const reader = () => {
        let partial = ''
        return (chunk: Buffer) => {
          const text = chunk.toString('utf8')
          this.output += text
          const lines = (partial + text).split('\n')
          partial = lines.pop()!
          for (const line of lines) this.lines.push({ at: Date.now(), text: line })
          const match = BANNER.exec(this.output.slice(from))
          if (match && !this.url) {
            this.url = match[1]!
            resolve()
          }
        }
      }
      child.stdout!.on('data', reader())
      child.stderr!.on('data', reader())
      void this.exited.then((code) => reject(new Error(`${this.name} exited (${code}) while starting:\n${this.output}`)))
    })
    void this.exited.then(() => (this.url = ''))
  }

  /** The last line that matches `pattern`, with when it arrived, or null. */
  lastLine(pattern: RegExp): { at: number; text: string } | null {
    for (let i = this.lines.length - 1; i >= 0; i--) if (pattern.test(this.lines[i]!.text)) return this.lines[i]!
    return null
  }

  /** Whether the process is running. */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null
  }

  /** Sends `signal` (SIGTERM drains, SIGKILL kills). */
  signal(signal: NodeJS.Signals): void {
    this.child?.kill(signal)
  }

  /** Resolves with the exit code once the process is gone. */
  waitForExit(): Promise<number | null> {
    return this.exited
  }

  async stop(): Promise<void> {
    if (this.running) {
      this.signal('SIGKILL')
      await this.exited
    }
  }

  async dispose(): Promise<void> {
    await this.stop()
    rmSync(this.dataDir, { recursive: true, force: true })
  }
}
