/**
 * Issue 17 item 1: PGlite runs in a worker thread behind the same Db interface, so a heavy query
 * no longer stalls the event loop that serves every other request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb, type TestDb } from './helpers/test-db'

let testDb: TestDb
beforeAll(async () => {
  testDb = await openTestDb()
})
afterAll(async () => {
  await testDb?.dispose()
})

/** A query that keeps Postgres busy for a while (a few hundred ms on this machine). */
const HEAVY = 'SELECT count(*)::int AS n FROM generate_series(1, 3000000) a WHERE a % 7 = 3'

describe('The PGlite database', () => {
  it('keeps the event loop free while a heavy query runs', async () => {
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 5)
    const started = performance.now()
    const [row] = await testDb.db.query<{ n: number }>(HEAVY)
    const elapsed = performance.now() - started
    clearInterval(timer)
    expect(row!.n).toBe(428_572)
    // On the main thread no timer fires until the query returns; in a worker they keep firing.
    expect(ticks).toBeGreaterThan(Math.min(10, elapsed / 20))
  })

  it('passes a PostgreSQL error back with its fields', async () => {
    const error = await testDb.db.query('SELECT $1::int AS n', ['not a number']).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: '22P02', severity: 'ERROR', message: expect.stringContaining('invalid input syntax') })
  })

  it('keeps a transaction open across statements, commits it, and rolls back one that throws', async () => {
    await testDb.db.exec('CREATE TABLE IF NOT EXISTS worker_probe (n int)')
    await testDb.db.transaction(async (tx) => {
      await tx.query('INSERT INTO worker_probe VALUES (1)')
      expect(await tx.query('SELECT n FROM worker_probe')).toEqual([{ n: 1 }])
    })
    const failed = testDb.db.transaction(async (tx) => {
      await tx.query('INSERT INTO worker_probe VALUES (2)')
      throw new Error('changed my mind')
    })
    await expect(failed).rejects.toThrow('changed my mind')
    const sqlFailed = testDb.db.transaction(async (tx) => {
      await tx.query('INSERT INTO worker_probe VALUES (3)')
      await tx.query('INSERT INTO worker_probe VALUES ($1)', ['x'])
    })
    await expect(sqlFailed).rejects.toMatchObject({ code: '22P02' })
    expect(await testDb.db.query('SELECT n FROM worker_probe ORDER BY n')).toEqual([{ n: 1 }])
  })

  it('runs a batch as one transaction: the rows of each statement, or nothing of any of them', async () => {
    await testDb.db.exec('CREATE TABLE IF NOT EXISTS batch_probe (n int)')
    const rows = await testDb.db.batch([
      { sql: 'INSERT INTO batch_probe VALUES ($1) RETURNING n', params: [1] },
      { sql: 'SELECT count(*)::int AS c FROM batch_probe' },
    ])
    expect(rows).toEqual([[{ n: 1 }], [{ c: 1 }]])
    const failed = testDb.db.batch([
      { sql: 'INSERT INTO batch_probe VALUES (2)' },
      { sql: 'INSERT INTO batch_probe VALUES ($1)', params: ['x'] },
    ])
    await expect(failed).rejects.toMatchObject({ code: '22P02' })
    expect(await testDb.db.query('SELECT n FROM batch_probe ORDER BY n')).toEqual([{ n: 1 }])
  })

  it('runs concurrent transactions one after the other, none lost', async () => {
    await testDb.db.exec('CREATE TABLE IF NOT EXISTS worker_counter (n int); INSERT INTO worker_counter VALUES (0)')
    await Promise.all(
      Array.from({ length: 8 }, () =>
        testDb.db.transaction(async (tx) => {
          const [row] = await tx.query<{ n: number }>('SELECT n FROM worker_counter')
          await tx.query('UPDATE worker_counter SET n = $1', [row!.n + 1])
        }),
      ),
    )
    expect(await testDb.db.query('SELECT n FROM worker_counter')).toEqual([{ n: 8 }])
  })

  it('returns dates, arrays and numbers as before', async () => {
    const [row] = await testDb.db.query<{ d: Date; a: string[]; f: number }>(
      `SELECT '2026-01-02T03:04:05Z'::timestamptz AS d, ARRAY['甲', '乙'] AS a, 1.5::float8 AS f`,
    )
    expect(row!.d).toBeInstanceOf(Date)
    expect(row).toEqual({ d: new Date('2026-01-02T03:04:05Z'), a: ['甲', '乙'], f: 1.5 })
  })
})

describe('Closing the database', () => {
  it('ends the worker; a later query fails instead of hanging', async () => {
    const other = await openTestDb()
    await other.db.close()
    await expect(other.db.query('SELECT 1')).rejects.toThrow()
    await other.dispose()
  })
})
