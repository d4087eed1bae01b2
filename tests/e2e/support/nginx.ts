/**
 * Debian's nginx serving a deploy target with the sample of docs/deploying.md **as printed there** (only
 * `listen` and `root` replaced), in a temp folder of its own (pid, logs, temp paths): the production layout's
 * CDN origin for the journeys that need one (cross-origin.test.ts, watched-deploy.test.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '../../..')
/** Debian's nginx (`.ci/install-system-deps.bash` installs it). */
export const NGINX = '/usr/sbin/nginx'

/** A free loopback port (listen on 0, read it, close). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as AddressInfo
  await new Promise((done) => probe.close(done))
  return port
}

/**
 * An nginx sample of docs/deploying.md, exactly as printed: the fenced nginx block after `heading` ("Sample
 * nginx": the directory's; "Sample nginx in front of the bucket": the S3 target's).
 */
export function printedNginxSample(heading = 'Sample nginx'): string {
  const doc = readFileSync(join(root, 'docs/deploying.md'), 'utf8')
  const at = doc.indexOf(heading)
  const block = /```nginx\n([\s\S]*?)```/.exec(doc.slice(at))
  if (at < 0 || !block?.[1]) throw new Error(`docs/deploying.md has no "${heading}" with an \`\`\`nginx block`)
  return block[1]
}

/** The sample with only its `listen` and `root` lines replaced (each must be there exactly once). */
export function withListenAndRoot(sample: string, port: number, rootDir: string): string {
  let listens = 0
  let roots = 0
  const config = sample
    .replace(/^(\s*)listen\s[^;]*;/gm, (_line, indent: string) => `${indent}listen 127.0.0.1:${++listens && port};`)
    .replace(/^(\s*)root\s[^;]*;/gm, (_line, indent: string) => `${indent}root ${++roots && rootDir};`)
  if (listens !== 1 || roots !== 1) throw new Error(`the nginx sample has ${listens} listen and ${roots} root lines, not one each`)
  return config
}

export interface Nginx {
  /** `http://localhost:<port>`. */
  url: string
  stop(): void
}

/**
 * Starts nginx on `port` with the printed sample serving `site`, its files in `tmp` (which nginx's workers,
 * another user when the test runs as root, must be able to read: chmod 755), and waits until it answers.
 */
export async function startNginx(tmp: string, site: string, port: number): Promise<Nginx> {
  return runNginx(tmp, withListenAndRoot(printedNginxSample(), port, site), port)
}

/**
 * Starts nginx with `httpBlock` (what goes inside `http { }`, listening on `port`) and only what a test run needs
 * around it: its own pid, logs (`<tmp>/nginx-error.log`, `nginx-access.log`) and temp folders in `tmp`, and the
 * MIME types. Waits until `/` answers (any status).
 */
export async function runNginx(tmp: string, httpBlock: string, port: number): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: run \`npm test\` (it installs it) or apt-get install nginx`)
  const conf = join(tmp, 'nginx.conf')
  writeFileSync(
    conf,
    [
      `pid ${tmp}/nginx.pid;`,
      `error_log ${tmp}/nginx-error.log warn;`,
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  access_log ${tmp}/nginx-access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${tmp}/nginx-${name};`),
      httpBlock,
      '}',
    ].join('\n'),
  )
  execFileSync(NGINX, ['-t', '-q', '-c', conf, '-p', tmp], { stdio: 'pipe' })
  const nginx: ChildProcess = spawn(NGINX, ['-c', conf, '-p', tmp, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let said = ''
  nginx.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()))
  const url = `http://localhost:${port}`
  for (let tries = 0; ; tries++) {
    const up = await new Promise<boolean>((done) => get(`${url}/`, (res) => done((res.resume(), true))).on('error', () => done(false)))
    if (up) break
    if (nginx.exitCode !== null || tries > 100) throw new Error(`nginx did not start: ${said}`)
    await new Promise((done) => setTimeout(done, 50))
  }
  return { url, stop: () => void nginx.kill('SIGQUIT') }
}
