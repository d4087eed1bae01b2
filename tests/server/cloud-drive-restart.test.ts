/**
 * Jobs survive a restart: a server stops in the middle of a job, a new one opens the same data
 * folder and database, and the job resumes (or ends as failed with its reason), never left running.
 */
import { rmSync } from 'node:fs'
import type { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { createDemoProvider } from '../../server/cloud-drive/demo/demo-provider'
import type { CloudDriveProvider } from '../../server/cloud-drive/provider'
import type { Db } from '../../server/db/db'
import { openDb } from '../../server/db/open-db'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { fsId, grant, jobReply, startImport } from './helpers/cloud-drive'
import { openTestDb, type TestDb } from './helpers/test-db'
import { envelope, VIP } from './helpers/test-app'

const FILES = ['/英语绘本/The Little Red Hen.pdf', '/英语绘本/Counting Stars.pdf', '/英语绘本/Brown Bear Says Hello.pdf']
const ALBUM = DEMO_FOLDERS.emptyFolder

/**
 * The demo drive, except that every read after the first `free` ones hangs until the server stops
 * (its signal aborts): the server is "killed" in the middle of the job. `stalled` resolves when the
 * first read hangs, that is when the `free` files before it are imported (a job reads in order).
 */
function hangingDrive(dir: string, free: number): { drive: CloudDriveProvider; stalled: Promise<void> } {
  const demo = createDemoProvider(dir)
  let reads = 0
  let stall = () => {}
  const stalled = new Promise<void>((resolve) => (stall = resolve))
  const drive: CloudDriveProvider = {
    ...demo,
    read(grant, id, signal): Promise<Readable> {
      if (++reads <= free) return demo.read(grant, id, signal)
      stall()
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }))
    },
  }
  return { drive, stalled }
}

let testDb: TestDb | null = null
let db: Db | null = null
let app: FastifyInstance | null = null
afterEach(async () => {
  await app?.close()
  await db?.close()
  if (testDb) rmSync(testDb.dataDir, { recursive: true, force: true })
  testDb = db = app = null
})

const jobRows = (jobId: string) =>
  db!.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM cloud_import_items WHERE job_id = $1 GROUP BY status ORDER BY status',
    [jobId],
  )

/** Starts a job of three files on a server that stops after the first file; returns the job id. */
async function startJobAndStopServer(): Promise<string> {
  testDb = await openTestDb()
  db = testDb.db
  await resetTables(db)
  const { drive, stalled } = hangingDrive(`${testDb.dataDir}/cloud-drive-demo`, 1)
  app = await buildApp({ db, dataDir: testDb.dataDir, devRoutes: true, cloudDrive: drive })
  await grant(app)
  const res = await startImport(app, { fsIds: FILES.map((path) => fsId(path)), albumId: ALBUM })
  const { jobId } = envelope<{ jobId: string }>(res).data
  await stalled
  await app.close()
  app = null
  await db.close()
  return jobId
}

/** Opens the same data folder again, as a restarted server does, and lets resumed jobs run. */
async function restart(): Promise<FastifyInstance> {
  db = await openDb({ dataDir: testDb!.dataDir })
  app = await buildApp({ db, dataDir: testDb!.dataDir, devRoutes: true })
  await app.ready()
  await app.importRunner.idle()
  return app
}

/**
 * Each test opens a database up to three times (a copy of the template, then the same folder again as
 * a restarted server does): ~3 s each alone, and three times that on a loaded 2-core machine, where the
 * project's 20 s ran out.
 */
const SLOW = { timeout: 60_000 }

describe('a server restart during an import', SLOW, () => {
  it('leaves the job running with its unfinished files when the server stops', async () => {
    const jobId = await startJobAndStopServer()
    db = await openDb({ dataDir: testDb!.dataDir })
    const [job] = await db.query<{ status: string }>('SELECT status FROM cloud_import_jobs WHERE id = $1', [jobId])
    expect(job!.status).toBe('running')
    expect(await jobRows(jobId)).toEqual([
      { status: 'done', n: 1 },
      { status: 'pending', n: 2 },
    ])
  })

  it('resumes the job on the next start and imports every file exactly once', async () => {
    const jobId = await startJobAndStopServer()
    const restarted = await restart()
    const job = envelope(await jobReply(restarted, jobId)).data
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, failed: [] })
    const folder = envelope<{ items: { id: number; title: string }[] }>(
      await restarted.inject({ method: 'GET', url: `/v1/directory/${ALBUM}`, headers: VIP }),
    ).data
    expect(folder.items.map((b) => b.title)).toEqual(['The Little Red Hen', 'Counting Stars', 'Brown Bear Says Hello'])
    expect((job as { createdIds: number[] }).createdIds).toEqual(folder.items.map((b) => b.id))
  })

  it('ends the job as failed with the reason when it cannot go on, keeping the files already imported', async () => {
    const jobId = await startJobAndStopServer()
    db = await openDb({ dataDir: testDb!.dataDir })
    await db.query(`UPDATE cloud_drive_grants SET expires_at = now() - interval '1 minute'`)
    await db.close()
    const restarted = await restart()
    const [row] = await db!.query<{ status: string; reason: string }>('SELECT status, reason FROM cloud_import_jobs WHERE id = $1', [jobId])
    expect(row).toEqual({ status: 'failed', reason: '百度网盘授权已过期，请重新授权' })
    await grant(restarted)
    expect(envelope(await jobReply(restarted, jobId)).data).toEqual({
      status: 'failed',
      done: 3,
      total: 3,
      createdIds: [expect.any(Number) as unknown],
      failed: [
        { name: 'Counting Stars.pdf', msg: '百度网盘授权已过期，请重新授权' },
        { name: 'Brown Bear Says Hello.pdf', msg: '百度网盘授权已过期，请重新授权' },
      ],
    })
  })

  it('finishes a job whose files were all done when the server stopped', async () => {
    const jobId = await startJobAndStopServer()
    db = await openDb({ dataDir: testDb!.dataDir })
    await db.query(`UPDATE cloud_import_items SET status = 'failed', msg = 'x' WHERE job_id = $1 AND status = 'pending'`, [jobId])
    await db.close()
    await restart()
    const [row] = await db!.query<{ status: string }>('SELECT status FROM cloud_import_jobs WHERE id = $1', [jobId])
    expect(row!.status).toBe('done')
  })
})

describe('capacity held by a running job', SLOW, () => {
  it('counts the files a running job has still to import against the remaining space', async () => {
    testDb = await openTestDb()
    db = testDb.db
    await resetTables(db)
    app = await buildApp({
      db,
      dataDir: testDb.dataDir,
      devRoutes: true,
      cloudDrive: hangingDrive(`${testDb.dataDir}/cloud-drive-demo`, 0).drive,
    })
    await grant(app)
    const used = envelope<{ used: number }>(await app.inject({ method: 'GET', url: '/v1/user/myCapacity', headers: VIP })).data.used
    // Room for 1 to 100 books of 0.01 MB; a job that takes all of it hangs on its first file.
    const total = Math.floor(used) + 1
    await db.query('UPDATE capacities SET total_mb = $1 WHERE user_id = 1', [total])
    const room = Math.round((total - used) * 100)
    const ids = Array.from({ length: room }, (_, i) => fsId(`/绘本大全（1000本）/Book ${String(i + 1).padStart(4, '0')}.pdf`))
    expect((await startImport(app, { fsIds: ids, albumId: ALBUM })).statusCode).toBe(200)
    const next = await startImport(app, { fsIds: [fsId(FILES[0]!)], albumId: ALBUM })
    expect(next.statusCode).toBe(409)
    expect(next.json()).toEqual({ result: 'CAPACITY', data: null, msg: '空间不足' })
  })
})
