/**
 * Issue 40 item 5: PostgreSQL going away is an error for the requests using it (503), never the end of
 * the process, and the next request works on a new connection. `pg_terminate_backend` ends the server's
 * connections exactly as `pg_ctl stop -m fast` or a failover does (57P01 to each). Stopping and starting
 * the whole cluster under two server processes is tests/cluster/. Runs on TEST_DATABASE_URL's PostgreSQL
 * server, where a database can be made (`npm test` starts one: helpers/test-database.ts): this file ends every
 * connection of its database, so it has one of its own (pg-db.test.ts, on TEST_DATABASE_URL's, may run at the
 * same time).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { createDatabase, dropDatabase } from '../../bench/load/create-database'
import { buildApp } from '../../server/app'
import type { Db } from '../../server/db/db'
import { openDb } from '../../server/db/open-db'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { envelope, VIP } from './helpers/test-app'
import { noTestDatabase, testDatabaseUrl as url } from './helpers/test-database'

describe('when PostgreSQL drops the server’s connections', skipBecause(noTestDatabase), () => {
  let db: Db
  let app: FastifyInstance
  let dataDir: string
  let admin: pg.Client
  let databaseUrl: string
  const lost: Error[] = []
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kids-english-pg-survival-'))
    databaseUrl = await createDatabase(url!, `kids_pg_survival_${process.pid}`)
    db = await openDb({ databaseUrl, onConnectionError: (error) => lost.push(error) })
    // Nothing of the server's own touches the database between the test's requests (the import queue
    // looks once at start), so every connection ended is an idle one of the pool.
    app = await buildApp({ db, dataDir, importJobs: { pollingSeconds: 3600 } })
    admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
  })
  beforeEach(async () => {
    lost.length = 0
    await resetTables(db)
  })
  afterAll(async () => {
    await admin?.end()
    await app?.close()
    await db?.close()
    if (databaseUrl) await dropDatabase(databaseUrl)
    rmSync(dataDir, { recursive: true, force: true })
  })

  /** Ends every connection of the database but the test's own, as a fast shutdown does. */
  const terminateServerConnections = () =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')
  const listing = () => app.inject({ method: 'GET', url: `/v1/directory/${DEMO_FOLDERS.starterBooks}`, headers: VIP })

  it('keeps running when its idle connections are ended, and the next request works', async () => {
    expect((await listing()).statusCode).toBe(200)
    const { rowCount: ended } = await terminateServerConnections()
    // The pool hears of each (57P01 on each idle connection) and reports it instead of throwing; a
    // request sent before it has heard of them all may still meet one (and get its 503).
    await expect.poll(() => lost.length).toBe(ended)
    expect(lost.map((error) => (error as { code?: string }).code)).toContain('57P01')
    expect((await listing()).statusCode).toBe(200)
  })

  it('answers 503 服务繁忙 to a request whose statement loses its connection, and 200 to the next', async () => {
    // The request's update waits for a lock the test holds, then its connection is ended under it.
    await admin.query('BEGIN')
    await admin.query('SELECT id FROM folders WHERE id = $1 FOR UPDATE', [DEMO_FOLDERS.starterBooks])
    const update = app.inject({
      method: 'POST',
      url: '/v1/bookCreation/update',
      headers: VIP,
      payload: { id: DEMO_FOLDERS.starterBooks, title: '改名' },
    })
    await expect
      .poll(
        async () =>
          (await admin.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rowCount,
      )
      .toBe(1)
    await terminateServerConnections()
    await admin.query('ROLLBACK')
    const reply = await update
    expect(reply.statusCode).toBe(503)
    expect(envelope(reply)).toEqual({ result: 'ERROR', data: null, msg: '服务繁忙，请稍后再试' })
    expect(reply.headers['retry-after']).toBe('2')
    // Nothing of it was written, and the next request goes through.
    expect(envelope<{ title: string }>(await listing()).data.title).not.toBe('改名')
    const again = await app.inject({
      method: 'POST',
      url: '/v1/bookCreation/update',
      headers: VIP,
      payload: { id: DEMO_FOLDERS.starterBooks, title: '改名' },
    })
    expect(again.statusCode).toBe(200)
  })

  it('stays ready: the probe takes a new connection for one PostgreSQL ended', async () => {
    await terminateServerConnections()
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })
})
