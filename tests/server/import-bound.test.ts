/** Issue 40 item 5: one user's imports running at once are bounded (MAX_RUNNING_IMPORTS). */
import { describe, expect, it } from 'vitest'
import { MAX_RUNNING_IMPORTS } from '../../server/cloud-drive/cloud-drive-service'
import { DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import { fsId, grant, startImport } from './helpers/cloud-drive'
import { BASIC, envelope, setupServer } from './helpers/test-app'

const server = setupServer({ devRoutes: true })

/** Jobs of `userId` left running (as if other imports were under way elsewhere). */
async function runningJobs(userId: number, count: number) {
  for (let i = 0; i < count; i++) {
    await server.db.query(`INSERT INTO cloud_import_jobs (id, user_id, mode, target_id) VALUES ($1, $2, 'album', $3)`, [
      `running-${userId}-${i}`,
      userId,
      DEMO_FOLDERS.emptyFolder,
    ])
  }
}

const one = { fsIds: [fsId('/英语绘本/Counting Stars.pdf')], albumId: DEMO_FOLDERS.emptyFolder }

describe('Imports running at once', () => {
  it(`are refused past ${MAX_RUNNING_IMPORTS} for one user, writing nothing`, async () => {
    await grant(server.app)
    await runningJobs(DEMO_USERS.vip.id, MAX_RUNNING_IMPORTS)
    const before = await server.db.query('SELECT id FROM cloud_import_jobs ORDER BY id')
    const res = await startImport(server.app, one)
    expect(res.statusCode).toBe(409)
    expect(envelope(res)).toEqual({ result: 'CONFLICT', data: null, msg: '已有3个导入正在进行，请等它们完成后再导入' })
    expect(await server.db.query('SELECT id FROM cloud_import_jobs ORDER BY id')).toEqual(before)
  })

  it('are accepted again once one of them ends', async () => {
    await grant(server.app)
    await runningJobs(DEMO_USERS.vip.id, MAX_RUNNING_IMPORTS)
    await server.db.query(`UPDATE cloud_import_jobs SET status = 'done' WHERE id = $1`, [`running-${DEMO_USERS.vip.id}-0`])
    expect((await startImport(server.app, one)).statusCode).toBe(200)
  })

  it("are counted per user: another user's running imports do not count", async () => {
    await grant(server.app)
    await grant(server.app, BASIC)
    await runningJobs(DEMO_USERS.basic.id, MAX_RUNNING_IMPORTS)
    expect((await startImport(server.app, one)).statusCode).toBe(200)
  })
})
