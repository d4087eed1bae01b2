/**
 * Issue 40 items 5 and 6: `/healthz`, `/readyz` (docs/contracts/api.md "Health") and what a request gets while the
 * database is away (503) or the disk is full (507), with the texts of docs/contracts/ui-text.md "Server messages".
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import type { Db, Queryable } from '../../server/db/db'
import { resetTables } from '../../server/seed/seed'
import { envelope, VIP } from './helpers/test-app'
import { openTestDb, type TestDb } from './helpers/test-db'

/** What the database does to every statement: answer, refuse the connection, or report a full disk. */
type Mode = 'up' | 'down' | 'disk-full'

/** `db` with a switch: while not 'up', every statement fails as a lost server or a full disk makes it fail. */
function switchable(db: Db): Db & { mode: Mode } {
  const fail = (mode: Mode) =>
    mode === 'down'
      ? Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
      : Object.assign(new Error('could not extend file: No space left on device'), { code: '53100', severity: 'ERROR' })
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => (out.mode === 'up' ? q.query(sql, params) : Promise.reject(fail(out.mode))),
    exec: (sql) => (out.mode === 'up' ? q.exec(sql) : Promise.reject(fail(out.mode))),
  })
  const out: Db & { mode: Mode } = {
    mode: 'up',
    kind: db.kind,
    ...wrap(db),
    transaction: (fn) => (out.mode === 'up' ? db.transaction((tx) => fn(wrap(tx))) : Promise.reject(fail(out.mode))),
    batch: (statements) => (out.mode === 'up' ? db.batch(statements) : Promise.reject(fail(out.mode))),
    close: () => db.close(),
  }
  return out
}

let testDb: TestDb
let db: Db & { mode: Mode }
let app: FastifyInstance
beforeAll(async () => {
  testDb = await openTestDb()
  await resetTables(testDb.db)
  db = switchable(testDb.db)
  app = await buildApp({ db, dataDir: testDb.dataDir })
})
beforeEach(() => {
  db.mode = 'up'
  app.lifecycle.draining = false
})
afterAll(async () => {
  await app?.close()
  await testDb?.dispose()
})

const get = (url: string) => app.inject({ method: 'GET', url })

describe('/healthz', () => {
  it('answers 200 without a token, and says nothing more', async () => {
    const reply = await get('/healthz')
    expect(reply.statusCode).toBe(200)
    expect(envelope(reply)).toEqual({ result: 'SUCCESS', data: null, msg: '请求成功' })
    expect(reply.headers['cache-control']).toBe('no-store')
  })

  it('stays 200 while the database is away: the process is alive', async () => {
    db.mode = 'down'
    expect((await get('/healthz')).statusCode).toBe(200)
  })
})

describe('/readyz', () => {
  it('answers 200 when the database answers and every migration is applied', async () => {
    expect((await get('/readyz')).statusCode).toBe(200)
  })

  it('answers 503 while the database does not answer, and 200 again once it does', async () => {
    db.mode = 'down'
    const reply = await get('/readyz')
    expect(reply.statusCode).toBe(503)
    expect(envelope(reply)).toEqual({ result: 'ERROR', data: null, msg: '服务繁忙，请稍后再试' })
    db.mode = 'up'
    expect((await get('/readyz')).statusCode).toBe(200)
  })

  it('answers 503 while a migration is missing', async () => {
    const [last] = await testDb.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1')
    await testDb.db.query('DELETE FROM schema_migrations WHERE version = $1', [last!.version])
    try {
      expect((await get('/readyz')).statusCode).toBe(503)
    } finally {
      await testDb.db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [last!.version])
    }
    expect((await get('/readyz')).statusCode).toBe(200)
  })

  it('answers 503 while the server drains', async () => {
    app.lifecycle.draining = true
    expect((await get('/readyz')).statusCode).toBe(503)
  })
})

describe('a request while the database is away', () => {
  it('is a 503 服务繁忙 with Retry-After, and the next one works once it is back', async () => {
    db.mode = 'down'
    const reply = await app.inject({ method: 'GET', url: '/v1/directory/0', headers: VIP })
    expect(reply.statusCode).toBe(503)
    expect(envelope(reply)).toEqual({ result: 'ERROR', data: null, msg: '服务繁忙，请稍后再试' })
    expect(reply.headers['retry-after']).toBe('2')
    db.mode = 'up'
    expect((await app.inject({ method: 'GET', url: '/v1/directory/0', headers: VIP })).statusCode).toBe(200)
  })
})

describe('a request on a full disk', () => {
  it('is a 507 存储空间不足', async () => {
    db.mode = 'disk-full'
    const reply = await app.inject({
      method: 'POST',
      url: '/v1/bookCreation/add',
      headers: VIP,
      payload: { parentId: 0, type: 1, title: '新的' },
    })
    expect(reply.statusCode).toBe(507)
    expect(envelope(reply)).toEqual({ result: 'ERROR', data: null, msg: '存储空间不足，请稍后再试' })
  })
})
