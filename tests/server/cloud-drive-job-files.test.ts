/** What happens to a job's files when their bytes or their target change under it. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { createDemoProvider } from '../../server/cloud-drive/demo/demo-provider'
import type { CloudDriveProvider } from '../../server/cloud-drive/provider'
import { DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { fsId, grant, jobReply, startImport } from './helpers/cloud-drive'
import { envelope, setupServer } from './helpers/test-app'

const HEN = '/英语绘本/The Little Red Hen.pdf'
const STARS = '/英语绘本/Counting Stars.pdf'
const BEAR = '/英语绘本/Brown Bear Says Hello.pdf'

const driveDir = mkdtempSync(join(tmpdir(), 'kids-english-drive-'))
afterAll(() => rmSync(driveDir, { recursive: true, force: true }))
const demo = createDemoProvider(driveDir)

/** Bytes BEAR reads as while `swollen`: a PDF much larger than the drive listed. */
const SWOLLEN = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1048576, 0x20)])
let swollen = false

/** Reads wait for `release()`; the file at HEN reads as an HTML page instead of a PDF. */
let gate: Promise<void> = Promise.resolve()
let release = () => {}
const hold = () => {
  gate = new Promise((resolve) => (release = resolve))
}
const drive: CloudDriveProvider = {
  ...demo,
  async read(g, id, signal) {
    await gate
    if (id === fsId(HEN)) return Readable.from([Buffer.from('<!doctype html><title>not a book</title>')])
    if (id === fsId(BEAR) && swollen) return Readable.from([SWOLLEN])
    return demo.read(g, id, signal)
  },
}

const server = setupServer({ devRoutes: true, cloudDrive: drive })

/** Starts an import, lets `meanwhile` act while its first read waits, then waits for the end. */
async function importWith(body: object, meanwhile: () => Promise<unknown>) {
  hold()
  const res = await startImport(server.app, body)
  const { jobId } = envelope<{ jobId: string }>(res).data
  await meanwhile()
  release()
  await server.app.importRunner.idle()
  return jobId
}

describe('the files of a running job', () => {
  it('fails a file whose bytes are no PDF and imports the others', async () => {
    await grant(server.app)
    const jobId = await importWith({ fsIds: [fsId(HEN), fsId(STARS)], albumId: DEMO_FOLDERS.emptyFolder }, async () => undefined)
    expect(envelope(await jobReply(server.app, jobId)).data).toMatchObject({
      status: 'done',
      done: 2,
      total: 2,
      failed: [{ name: 'The Little Red Hen.pdf', msg: '文件不是有效的PDF' }],
    })
    expect((await server.folder(DEMO_FOLDERS.emptyFolder)).items.map((b) => b.title)).toEqual(['Counting Stars'])
    expect(await server.db.query('SELECT file_name FROM uploads')).toHaveLength(1)
  })

  it('fails the files whose folder was deleted meanwhile', async () => {
    await grant(server.app)
    const jobId = await importWith({ fsIds: [fsId(STARS), fsId(BEAR)], albumId: DEMO_FOLDERS.emptyFolder }, () =>
      server.post('/v1/bookCreation/delete', { id: DEMO_FOLDERS.emptyFolder }),
    )
    expect(envelope(await jobReply(server.app, jobId)).data).toEqual({
      status: 'failed',
      done: 2,
      total: 2,
      createdIds: [],
      failed: [
        { name: 'Counting Stars.pdf', msg: '目标文件夹已被删除' },
        { name: 'Brown Bear Says Hello.pdf', msg: '目标文件夹已被删除' },
      ],
    })
    expect(await server.db.query('SELECT file_name FROM uploads')).toEqual([])
  })

  it('stops when the grant expires meanwhile: the pending files fail with the reason, the job fails', async () => {
    await grant(server.app)
    const jobId = await importWith({ fsIds: [fsId(STARS), fsId(BEAR)], albumId: DEMO_FOLDERS.emptyFolder }, () =>
      server.post('/v1/dev/cloudDrive/expire', {}),
    )
    await grant(server.app)
    const job = envelope<{ status: string; failed: { msg: string }[] }>(await jobReply(server.app, jobId)).data
    expect(job.status).toBe('failed')
    expect(job.failed.map((f) => f.msg)).toContain('百度网盘授权已过期，请重新授权')
    const [row] = await server.db.query<{ reason: string }>('SELECT reason FROM cloud_import_jobs WHERE id = $1', [jobId])
    expect(row!.reason).toBe('百度网盘授权已过期，请重新授权')
  })

  it('reports running with the files done so far while the job works', async () => {
    await grant(server.app)
    hold()
    const { jobId } = envelope<{ jobId: string }>(
      await startImport(server.app, { fsIds: [fsId(STARS)], albumId: DEMO_FOLDERS.emptyFolder }),
    ).data
    expect(envelope(await jobReply(server.app, jobId)).data).toEqual({ status: 'running', done: 0, total: 1, createdIds: [], failed: [] })
    release()
    await server.app.importRunner.idle()
    expect(envelope(await jobReply(server.app, jobId)).data).toMatchObject({ status: 'done', done: 1 })
  })

  it('fails a file whose bytes, larger than the drive listed, do not fit in the capacity, and keeps nothing of it', async () => {
    await grant(server.app)
    const capacity = async () => envelope<{ total: number; used: number }>(await server.get('/v1/user/myCapacity')).data
    const { used } = await capacity()
    await server.db.query('UPDATE capacities SET total_mb = $2 WHERE user_id = $1', [DEMO_USERS.vip.id, Math.ceil(used) + 1])
    const files = readdirSync(join(server.dataDir, 'uploads'))
    swollen = true
    try {
      const jobId = await importWith({ fsIds: [fsId(BEAR), fsId(STARS)], albumId: DEMO_FOLDERS.emptyFolder }, async () => undefined)
      expect(envelope(await jobReply(server.app, jobId)).data).toMatchObject({
        status: 'done',
        failed: [{ name: 'Brown Bear Says Hello.pdf', msg: '空间不足' }],
      })
    } finally {
      swollen = false
    }
    expect((await server.folder(DEMO_FOLDERS.emptyFolder)).items.map((b) => b.title)).toEqual(['Counting Stars'])
    expect(readdirSync(join(server.dataDir, 'uploads')).filter((name) => !files.includes(name))).toHaveLength(1)
    expect((await capacity()).used).toBeLessThanOrEqual(Math.ceil(used) + 1)
  })
})
