/**
 * scripts/ops/rolling-restart.sh (docs/server.md "Rolling restart") against stand-in instances whose `/readyz`
 * the test controls: it restarts them one at a time, touching the next only once the last answers its own
 * `/readyz` 200; it touches nothing while another instance is unready; it stops at a failed restart or an
 * instance that does not come back; it refuses bad input with one line. Needs no PostgreSQL (the real
 * instances behind nginx: balancer.test.ts).
 */
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const SCRIPT = resolve(import.meta.dirname, '../../scripts/ops/rolling-restart.sh')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function run(args: string[]): Promise<Run> {
  const child = spawn('bash', [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((done) => child.once('exit', (code) => done({ code, stdout, stderr })))
}

/**
 * A stand-in instance on a fixed port: `/readyz` 200 while `ready`. `restart()` closes its listener (refused
 * connections), answers, listens again 500 ms later unready (503), and is ready `readyAfterMs` after the restart.
 */
class FakeInstance {
  ready = true
  port = 0
  private server: Server = this.listener()
  constructor(
    readonly events: string[],
    private readonly readyAfterMs = 1000,
  ) {}

  private listener(): Server {
    return createServer((req, res) => {
      if (req.url === '/readyz') res.writeHead(this.ready ? 200 : 503).end()
      else res.writeHead(404).end()
    })
  }

  async listen(): Promise<void> {
    await new Promise<void>((done) => this.server.listen(this.port, '127.0.0.1', done))
    this.port = (this.server.address() as AddressInfo).port
  }

  get address(): string {
    return `127.0.0.1:${this.port}`
  }

  async restart(): Promise<void> {
    this.events.push(`restart ${this.port}`)
    this.ready = false
    this.server.closeAllConnections()
    await new Promise((done) => this.server.close(done))
    setTimeout(() => {
      this.server = this.listener()
      void this.listen()
    }, 500)
    if (this.readyAfterMs < Infinity)
      setTimeout(() => {
        this.ready = true
        this.events.push(`ready ${this.port}`)
      }, this.readyAfterMs)
  }

  close(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((done) => this.server.close(() => done()))
  }
}

describe('scripts/ops/rolling-restart.sh', () => {
  const cleanup: (() => Promise<void>)[] = []
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map((close) => close()))
  })

  /** Stand-ins and the restart command the script runs (a POST to the test, as `systemctl restart` would be). */
  async function setUp(readyAfterMs: number[]) {
    const events: string[] = []
    const instances = readyAfterMs.map((ms) => new FakeInstance(events, ms))
    for (const instance of instances) await instance.listen()
    const control = createServer((req, res) => {
      const instance = instances.find((i) => req.url === `/restart/${i.port}`)
      if (!instance) return void res.writeHead(404).end()
      void instance.restart().then(() => res.writeHead(200).end())
    })
    await new Promise<void>((done) => control.listen(0, '127.0.0.1', done))
    const restart = `curl -fsS -X POST http://127.0.0.1:${(control.address() as AddressInfo).port}/restart/$INSTANCE_PORT`
    cleanup.push(async () => {
      await Promise.all(instances.map((i) => i.close()))
      await new Promise((done) => control.close(done))
    })
    return { events, instances, restart }
  }

  it('restarts one at a time, the next only once the last answers its /readyz 200', async () => {
    const { events, instances, restart } = await setUp([1000, 1000, 1000])
    const result = await run(['--restart', restart, '--timeout', '30', ...instances.map((i) => i.address)])
    expect(result.code, result.stderr).toBe(0)
    const [a, b, c] = instances.map((i) => i.port)
    expect(events).toEqual([`restart ${a}`, `ready ${a}`, `restart ${b}`, `ready ${b}`, `restart ${c}`, `ready ${c}`])
    expect(result.stdout).toMatch(new RegExp(`restarting 127.0.0.1:${a}\\n.*127.0.0.1:${a} ready again`))
    expect(result.stdout).toMatch(/all 3 instances restarted\n$/)
  })

  it('touches nothing while another instance is unready', async () => {
    const { events, instances, restart } = await setUp([1000, 1000])
    instances[1]!.ready = false
    const result = await run(['--restart', restart, '--timeout', '2', ...instances.map((i) => i.address)])
    expect([result.code, events]).toEqual([1, []])
    expect(result.stderr).toBe(
      `rolling-restart: ${instances[1]!.address} is not ready (/readyz) after 2 s: not restarting ${instances[0]!.address}, which would leave no ready instance\n`,
    )
  })

  it('stops at an instance that is not back within the timeout, before touching the next', async () => {
    const { events, instances, restart } = await setUp([Infinity, 1000])
    const result = await run(['--restart', restart, '--timeout', '3', ...instances.map((i) => i.address)])
    expect([result.code, events]).toEqual([1, [`restart ${instances[0]!.port}`]])
    expect(result.stderr).toBe(`rolling-restart: ${instances[0]!.address} is not ready (/readyz) 3 s after its restart: stopped here\n`)
  })

  it('stops at a failed restart command', async () => {
    const { events, instances } = await setUp([1000, 1000])
    const result = await run(['--restart', 'exit 3', ...instances.map((i) => i.address)])
    expect([result.code, events]).toEqual([1, []])
    expect(result.stderr).toBe(
      `rolling-restart: the restart command failed for ${instances[0]!.address} (exit 3): stopped, the instances after it are untouched\n`,
    )
  })

  it.each([
    [[], 'no --restart command'],
    [['--restart', 'true'], 'no instance given'],
    [['--restart'], '--restart needs a command'],
    [['--restart', 'true', 'localhost'], "'localhost' is no HOST:PORT"],
    [['--restart', 'true', 'http://10.0.0.1:3000'], "'http://10.0.0.1:3000' is no HOST:PORT"],
    [['--restart', 'true', '10.0.0.1:70000'], "'10.0.0.1:70000': the port must be 1-65535"],
    [['--restart', 'true', '--timeout', '0', '10.0.0.1:3000'], "--timeout must be a whole number of seconds (1-99999), not '0'"],
    [['--restart', 'true', '--wait', '10.0.0.1:3000'], 'unknown option --wait'],
  ])('refuses %j with one line and exit 1, touching nothing', async (args, line) => {
    const result = await run(args)
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    expect(result.stderr).toContain(`rolling-restart: ${line}`)
  })
})
