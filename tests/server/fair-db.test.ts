/**
 * Issue 32 item 4: one heavy user does not slow the others. Statements take turns by caller
 * (server/db/fair-db.ts): a user whose 8 listings are queued at the database delays another user's
 * listing by about one statement, not by the whole queue. `npm run bench:load` measures the times.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { insertRows } from '../../server/db/bulk'
import type { Db } from '../../server/db/db'
import { currentLane, fairDb, inLane } from '../../server/db/fair-db'
import { DEMO_FOLDERS, DEMO_TOKENS, DEMO_USERS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { fsId, grant, importAndWait } from './helpers/cloud-drive'
import { BASIC, VIP } from './helpers/test-app'
import { openTestDb, type TestDb } from './helpers/test-db'

/** A database whose statements wait, in order of arrival, until `release`d, and say who made them. */
function heldDb(calls: string[]) {
  const calledBy = (params: readonly unknown[] | undefined): string => {
    const values = params ?? []
    if (values.includes(DEMO_USERS.basic.id) || values.includes(DEMO_TOKENS.basic)) return 'heavy'
    if (values.includes(DEMO_USERS.vip.id) || values.includes(DEMO_TOKENS.vip)) return 'other'
    return '-'
  }
  let release = () => {}
  let gate = new Promise<void>((resolve) => (release = resolve))
  return {
    wrap(db: Db): Db {
      let tail: Promise<unknown> = Promise.resolve()
      // One at a time, first come first served, as PGlite runs them.
      const serial = <T>(who: string, work: () => Promise<T>): Promise<T> => {
        const run = tail.then(() => gate).then(() => (calls.push(who), work()))
        tail = run.catch(() => undefined)
        return run
      }
      return {
        kind: db.kind,
        // The job queue's polling (pg-boss, whose parameters may hold a 1 or a 2 like a user id) is nobody's.
        query: (sql, params) => serial(/\bpgboss\./.test(sql) ? '-' : calledBy(params), () => db.query(sql, params)),
        exec: (sql) => serial('-', () => db.exec(sql)),
        transaction: (fn) => serial('-', () => db.transaction(fn)),
        batch: (statements) => serial(calledBy(statements[0]?.params), () => db.batch(statements)),
        close: () => db.close(),
      }
    },
    hold: () => {
      gate = new Promise<void>((resolve) => (release = resolve))
    },
    release: () => release(),
  }
}

describe('Turns at the database', () => {
  let testDb: TestDb
  let app: FastifyInstance
  const calls: string[] = []
  const held = heldDb(calls)

  beforeAll(async () => {
    testDb = await openTestDb()
    await resetTables(testDb.db)
    // The heavy user's folder: 300 books more.
    await insertRows(
      testDb.db,
      'folders',
      Array.from({ length: 300 }, (_, n) => ({
        user_id: DEMO_USERS.basic.id,
        parent_id: DEMO_FOLDERS.basicFolder,
        type: 0,
        title: `绘本 ${n}`,
        position: 100 + n,
      })),
    )
    held.release()
    app = await buildApp({ db: held.wrap(testDb.db), dataDir: testDb.dataDir, rateLimits: false })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  it("give another user's listing the next turn, not the last, behind one user's 8 queued listings", async () => {
    // Both signed in before (a first sign-in waits in the one anonymous lane).
    await app.inject({ method: 'GET', url: '/v1/directory/0', headers: BASIC })
    await app.inject({ method: 'GET', url: '/v1/directory/0', headers: VIP })
    held.hold()
    calls.length = 0
    const heavy = Array.from({ length: 8 }, () =>
      app.inject({ method: 'GET', url: `/v1/directory/${DEMO_FOLDERS.basicFolder}`, headers: BASIC }),
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    const other = app.inject({ method: 'GET', url: '/v1/directory/0', headers: VIP })
    await new Promise((resolve) => setTimeout(resolve, 50))
    held.release()
    const replies = await Promise.all([other, ...heavy])
    expect(replies.map((r) => r.statusCode)).toEqual(Array(9).fill(200))
    // Everything was queued before the first statement ran: how many of the heavy user's ran before
    // the other user's last one? First come first served, all 16 of its sign-ins and folder reads.
    const heavyFirst = calls.slice(0, calls.lastIndexOf('other')).filter((who) => who === 'heavy').length
    expect(calls.filter((who) => who === 'other')).toHaveLength(2)
    expect(heavyFirst).toBeLessThanOrEqual(4)
  })
})

describe('Lanes', () => {
  let testDb: TestDb
  let app: FastifyInstance
  const lanes: string[] = []
  const laneOf: { lane: string; sql: string }[] = []

  beforeAll(async () => {
    testDb = await openTestDb()
    await resetTables(testDb.db)
    const real = testDb.db
    // The job queue's own polling and upkeep (pg-boss's statements, in the server's lane) are not a caller's.
    const note = (sql: string) => {
      if (/\bpgboss\./.test(sql)) return
      lanes.push(currentLane())
      laneOf.push({ lane: currentLane(), sql })
    }
    const recording: Db = {
      kind: real.kind,
      query: (sql, params) => (note(sql), real.query(sql, params)),
      exec: (sql) => real.exec(sql),
      transaction: (fn) => (lanes.push(currentLane()), real.transaction(fn)),
      batch: (statements) => (note(statements[0]!.sql), real.batch(statements)),
      close: () => real.close(),
    }
    app = await buildApp({ db: recording, dataDir: testDb.dataDir, devRoutes: true, rateLimits: false })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.dispose()
  })

  it("put a request's statements in its user's lane, after its body is read too, and a first sign-in in the anonymous lane", async () => {
    lanes.length = 0
    await app.inject({ method: 'GET', url: '/v1/directory/0', headers: BASIC })
    expect(lanes).toEqual(['anonymous', `user:${DEMO_USERS.basic.id}`])
    lanes.length = 0
    const res = await app.inject({
      method: 'POST',
      url: '/v1/bookCreation/add',
      headers: BASIC,
      payload: { parentId: 0, type: 1, title: '新' },
    })
    expect(res.statusCode).toBe(200)
    // Signed in a moment ago: the sign-in itself is in the user's lane now.
    expect(new Set(lanes)).toEqual(new Set([`user:${DEMO_USERS.basic.id}`]))
  })

  it('put a flood with a new bogus token per request, and share lookups, in the one anonymous lane', async () => {
    lanes.length = 0
    const replies = await Promise.all([
      ...Array.from({ length: 50 }, (_, i) =>
        app.inject({ method: 'GET', url: '/v1/directory/0', headers: { authorization: `Bearer bogus-${i}` } }),
      ),
      app.inject({ method: 'GET', url: '/v1/share/uar?r=nothing' }),
    ])
    expect(replies.map((r) => r.statusCode)).toEqual([...Array(50).fill(401), 404])
    expect(new Set(lanes)).toEqual(new Set(['anonymous']))
  })

  it("put an import job's statements in its user's lane", async () => {
    await grant(app)
    laneOf.length = 0
    await importAndWait(app, { fsIds: [fsId('/英语绘本/Counting Stars.pdf')], albumId: DEMO_FOLDERS.emptyFolder })
    // Its work: the grant, the file's book, the items. (Which job a slice is for is the queue's
    // bookkeeping, in the server's lane, like the queue's own statements.)
    const work = laneOf.filter(({ sql }) => /cloud_drive_grants|INSERT INTO folders|cloud_import_items/.test(sql))
    expect(work.length).toBeGreaterThan(3)
    expect(work.filter(({ lane }) => lane !== `user:${DEMO_USERS.vip.id}` && lane !== 'anonymous')).toEqual([])
  })
})

describe('fairDb', () => {
  /** A database whose statements finish when the test says, recording the order they start in. */
  function manualDb(kind: Db['kind'] = 'pglite') {
    const started: string[] = []
    const pending: (() => void)[] = []
    const run = (tag: string) =>
      new Promise<never[]>((resolve) => {
        started.push(tag)
        pending.push(() => resolve([]))
      })
    const db: Db = {
      kind,
      query: (sql) => run(sql),
      exec: (sql) => run(sql).then(() => undefined),
      transaction: async (fn) => {
        started.push('BEGIN')
        return fn({ query: async (sql) => (started.push(`tx ${sql}`), []), exec: async () => undefined })
      },
      batch: (statements) => run(statements.map((statement) => statement.sql).join('; ')).then(() => []),
      close: async () => undefined,
    }
    const settle = () => new Promise((resolve) => setImmediate(resolve))
    const finishOne = async () => {
      await settle()
      pending.shift()?.()
      await settle()
    }
    return { db, started, finishOne }
  }

  it('serves the lanes in turn, one statement each', async () => {
    const { db, started, finishOne } = manualDb()
    const fair = fairDb(db)
    const a = inLane('a', () => Promise.all(['a1', 'a2', 'a3'].map((sql) => fair.query(sql))))
    const b = inLane('b', () => Promise.all(['b1', 'b2'].map((sql) => fair.query(sql))))
    for (let i = 0; i < 5; i++) await finishOne()
    await Promise.all([a, b])
    expect(started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3'])
  })

  it('serves a lane that was idle before one served a moment ago, and new lanes in the order they came', async () => {
    const { db, started, finishOne } = manualDb()
    const fair = fairDb(db)
    const a = inLane('a', () => Promise.all(['a1', 'a2'].map((sql) => fair.query(sql))))
    const c = inLane('c', () => fair.query('c1'))
    const b = inLane('b', () => fair.query('b1'))
    for (let i = 0; i < 4; i++) await finishOne()
    await Promise.all([a, b, c])
    expect(started).toEqual(['a1', 'c1', 'b1', 'a2'])
  })

  it('keeps its turns with 2,000 lanes waiting', async () => {
    const { db, started, finishOne } = manualDb()
    const fair = fairDb(db)
    const first = inLane('first', () => fair.query('first'))
    const many = Array.from({ length: 2_000 }, (_, i) => inLane(`lane${i}`, () => fair.query(`q${i}`)))
    const again = inLane('first', () => fair.query('again'))
    await finishOne()
    await first
    expect(started).toEqual(['first', 'q0'])
    // The lane just served waits behind every lane that was not.
    const settle = () => new Promise((resolve) => setImmediate(resolve))
    for (let i = 0; i <= 2_000; i++) {
      await settle()
      await finishOne()
    }
    await Promise.all([...many, again])
    expect(started.at(-1)).toBe('again')
    expect(started.slice(1, 4)).toEqual(['q0', 'q1', 'q2'])
  })

  it('runs a transaction as one turn, its statements straight through', async () => {
    const { db, started, finishOne } = manualDb()
    const fair = fairDb(db)
    const first = inLane('a', () => fair.query('a1'))
    const tx = inLane('b', () => fair.transaction(async (t) => (await t.query('x'), await t.query('y'), 'done')))
    const last = inLane('a', () => fair.query('a2'))
    await finishOne()
    expect(await tx).toBe('done')
    await finishOne()
    await Promise.all([first, last])
    expect(started).toEqual(['a1', 'BEGIN', 'tx x', 'tx y', 'a2'])
  })

  it('lets as many run at once as the PostgreSQL pool holds', async () => {
    const { db, started, finishOne } = manualDb('postgres')
    const fair = fairDb(db, 3, 3)
    const all = inLane('a', () => Promise.all(['1', '2', '3', '4'].map((sql) => fair.query(sql))))
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual(['1', '2', '3'])
    for (let i = 0; i < 4; i++) await finishOne()
    await all
    expect(started).toEqual(['1', '2', '3', '4'])
  })

  it("runs at most 2 of one lane's statements at once on PostgreSQL, leaving the pool to the others", async () => {
    const { db, started, finishOne } = manualDb('postgres')
    const fair = fairDb(db, 10)
    const heavy = inLane('heavy', () => Promise.all(['h1', 'h2', 'h3', 'h4'].map((sql) => fair.query(sql))))
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual(['h1', 'h2'])
    const other = inLane('other', () => fair.query('o1'))
    await new Promise((resolve) => setImmediate(resolve))
    expect(started).toEqual(['h1', 'h2', 'o1'])
    await finishOne()
    expect(started).toEqual(['h1', 'h2', 'o1', 'h3'])
    for (let i = 0; i < 4; i++) await finishOne()
    await Promise.all([heavy, other])
    expect(started).toEqual(['h1', 'h2', 'o1', 'h3', 'h4'])
  })
})
