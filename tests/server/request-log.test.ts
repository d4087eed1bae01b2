import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/db'
import { escapeLogText, formatRecord, maskUrl } from '../../server/http/request-log'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { setupServer, VIP } from './helpers/test-app'

const lines: string[] = []
// Low body limits, so a body cut off for time is seen in seconds (docs/server.md has the real ones).
const ctx = setupServer({
  logger: (line) => lines.push(line),
  timeLimits: { headersMs: 1000, bodyStallMs: 1000, minBodyBytes: 1024, bodyMs: 3000, uploadMs: 6000, keepAliveMs: 500 },
})
beforeEach(() => {
  lines.length = 0
})
let port = 0
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  port = (ctx.app.server.address() as { port: number }).port
  lines.length = 0
})

/** Sends the start of an upload, then (unless `wait`) closes the connection after 300 ms. */
function unfinishedUpload(wait = false): Promise<void> {
  const head = Buffer.from(
    `POST /v1/upload HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${DEMO_TOKENS.vip}\r\n` +
      'Content-Type: multipart/form-data; boundary=b\r\nContent-Length: 100000\r\n\r\n' +
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG\r\n\x1a\n' +
      'x'.repeat(2000),
    'latin1',
  )
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head))
    socket.on('error', () => {})
    // Read what comes back, or the server's close is never seen.
    socket.resume()
    socket.once('close', () => resolve())
    if (!wait) setTimeout(() => socket.destroy(), 300)
  })
}

describe('the request log', () => {
  it('writes one readable line per request with its method, path, status and time', async () => {
    await ctx.get('/v1/directory/0')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}GET \/v1\/directory\/0 200 \d+ms$/)
  })

  it('gives a refusal its status and Chinese message', async () => {
    await ctx.post('/v1/bookCreation/delete', { id: 'x' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/WARN {2}POST \/v1\/bookCreation\/delete 400 \d+ms \S+/)
  })

  it('never shows a token, from the header or from the query', async () => {
    await ctx.get(`/v1/directory/0?fakeHostToken=${DEMO_TOKENS.basic}&token=${DEMO_TOKENS.vip}`, VIP)
    await ctx.get('/v1/directory/0', { authorization: 'Bearer not-a-real-token' })
    const text = lines.join('\n')
    expect(text).not.toContain(DEMO_TOKENS.vip)
    expect(text).not.toContain(DEMO_TOKENS.basic)
    expect(text).not.toContain('not-a-real-token')
    expect(text).toContain('fakeHostToken=***&token=***')
    expect(text).toMatch(/GET \/v1\/directory\/0 401/)
  })
})

describe('what a client sends', () => {
  it('cannot forge a line or colour the terminal: a field name with a line break and escapes is escaped', async () => {
    const forged = encodeURIComponent('\n12:00:00 INFO  GET /v1/forged 200 1ms\u001b[31m\u2028')
    const res = await ctx.get(`/v1/directory/0?${forged}=%00`)
    expect(res.statusCode).toBe(400)
    expect(lines).toHaveLength(1)
    for (const unsafe of ['\n', '\r', '\u001b', '\u2028']) expect(lines[0]).not.toContain(unsafe)
    expect(lines[0]).toContain('\\n12:00:00 INFO  GET /v1/forged 200 1ms\\x1b[31m\\u2028')
  })

  it("keeps an error's message on its line and only the stack frames below it", () => {
    const stack = 'Error: bad\n09:00:00 INFO  forged\n    at handler (server/x.ts:1:1)'
    const json = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'POST /x failed',
      err: { type: 'Error', message: 'bad\n09:00:00 INFO  forged', stack },
    })
    expect(formatRecord(json).split('\n')).toEqual([
      '00:00:00 ERROR POST /x failed',
      'Error: bad\\n09:00:00 INFO  forged',
      '    at handler (server/x.ts:1:1)',
    ])
  })

  it('escapes controls, separators and direction overrides, and nothing else', () => {
    expect(escapeLogText('a\tb\r\n\u0000\u007f\u0085\u202e绘本 😀')).toBe('a\\tb\\r\\n\\x00\\x7f\\x85\\u202e绘本 😀')
  })
})

describe('a connection closed before the answer', () => {
  it('is logged as aborted by the client when the client leaves mid-upload, not as a server error', async () => {
    await unfinishedUpload()
    await expect.poll(() => lines.join('\n')).toMatch(/INFO {2}POST \/v1\/upload aborted by the client after \d+ms/)
    expect(lines.join('\n')).not.toMatch(/ERROR|\n\s+at /)
    expect(lines).toHaveLength(1)
  })

  it('is logged as a 408 warning when the server cut the body off for time', async () => {
    await unfinishedUpload(true)
    await expect.poll(() => lines).toHaveLength(1)
    expect(lines[0]).toMatch(/WARN {2}POST \/v1\/upload 408 \d+ms 请求超时：请求内容没有及时传完$/)
  })
})

describe('a 500', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kids-log-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('always leaves a log line with its cause', async () => {
    // The database works while the app starts (it resumes import jobs), then goes away.
    let down = false
    const lost = () => Promise.reject(new Error('connection to the database was lost'))
    const real = ctx.db
    const db: Db = {
      kind: real.kind,
      query: (sql, params) => (down ? lost() : real.query(sql, params)),
      exec: (sql) => (down ? lost() : real.exec(sql)),
      transaction: (fn) => (down ? lost() : real.transaction(fn)),
      batch: (statements) => (down ? lost() : real.batch(statements)),
      close: async () => {},
    }
    const own: string[] = []
    const app = await buildApp({ db, dataDir, distDir: dataDir, logger: (line) => own.push(line) })
    await app.ready()
    down = true
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/directory/0', headers: VIP })
      expect(res.statusCode).toBe(500)
      expect(res.json<{ msg: string }>().msg).toBe('服务器错误，请稍后重试')
      const text = own.join('\n')
      expect(text).toContain('ERROR GET /v1/directory/0 failed\nError: connection to the database was lost')
      expect(text).toMatch(/ERROR GET \/v1\/directory\/0 500 \d+ms/)
    } finally {
      await app.close()
    }
  })
})

describe('maskUrl', () => {
  it('masks every query value whose name says token, and nothing else', () => {
    expect(maskUrl('/recorded_share?r=demo-book&fakeHostToken=abc&x=1')).toBe('/recorded_share?r=demo-book&fakeHostToken=***&x=1')
    expect(maskUrl('/a?access_token=1&Authorization=2')).toBe('/a?access_token=***&Authorization=***')
    // The operator's token of /ops/ passed by mistake in the URL (refused there, never logged).
    expect(maskUrl('/ops/release-health?since=24&ops=0123abcd&key=9&opsx=1')).toBe('/ops/release-health?since=24&ops=***&key=***&opsx=1')
    expect(maskUrl('/plain')).toBe('/plain')
  })
})

describe('LOG_FORMAT=json', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kids-log-json-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it("writes Fastify's pino records with an ISO time, the request id and the masked URL, never a header", async () => {
    const records: string[] = []
    const app = await buildApp({ db: ctx.db, dataDir, distDir: dataDir, logger: (line) => records.push(line), logFormat: 'json' })
    try {
      await app.inject({ method: 'GET', url: '/v1/directory/0?token=abc', headers: { ...VIP, 'x-request-id': 'edge-42' } })
      await app.inject({ method: 'GET', url: '/v1/directory/0', headers: VIP })
      const lines = records.map((line) => JSON.parse(line) as Record<string, unknown>).filter((r) => r.req)
      expect(lines).toEqual([
        expect.objectContaining({
          level: 30,
          reqId: 'edge-42',
          req: { method: 'GET', url: '/v1/directory/0?token=***' },
          res: { statusCode: 200 },
          msg: expect.stringMatching(/^GET \/v1\/directory\/0\?token=\*\*\* 200 \d+ms$/),
        }),
        expect.objectContaining({ reqId: expect.stringMatching(/^[a-z0-9]+-[a-z0-9]+$/) }),
      ])
      expect(lines[0]!.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
      expect(records.join('\n')).not.toContain(DEMO_TOKENS.vip)
      expect(records.join('\n')).not.toContain('abc')
    } finally {
      await app.close()
    }
  })
})
