import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '../..')
const tsx = join(repo, 'node_modules/.bin/tsx')

let busy: Server
let port: number
let dataDir: string
beforeAll(async () => {
  busy = createServer()
  await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done))
  port = (busy.address() as { port: number }).port
  dataDir = mkdtempSync(join(tmpdir(), 'kids-port-'))
})
afterAll(async () => {
  await new Promise((done) => busy.close(done))
  rmSync(dataDir, { recursive: true, force: true })
})

const run = (script: string) =>
  spawnSync(tsx, [join(repo, script)], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' },
    timeout: 60_000,
  })

describe('a port another process holds', () => {
  it('stops npm start before the build with one line naming the port', () => {
    const result = run('server/check-port.ts')
    expect(result.status).toBe(1)
    expect(result.stderr.trim()).toBe(
      `端口 ${port} 已被占用，请设置 PORT（例如 PORT=3000 npm start）/ port ${port} is already in use: set PORT`,
    )
  })

  it('makes the server exit 1 with the same line and no stack trace', () => {
    const result = run('server/main.ts')
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`端口 ${port} 已被占用`)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('lets the check pass when the port is free', () => {
    const result = spawnSync(tsx, [join(repo, 'server/check-port.ts')], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, PORT: '0' },
    })
    expect(result.status).toBe(0)
  })
})
