import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/db'
import { maskUrl } from '../../server/http/request-log'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { setupServer, VIP } from './helpers/test-app'

const lines: string[] = []
const ctx = setupServer({ logger: (line) => lines.push(line) })
beforeEach(() => {
  lines.length = 0
})

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
    expect(maskUrl('/plain')).toBe('/plain')
  })
})
