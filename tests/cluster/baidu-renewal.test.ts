/**
 * A Baidu grant renewed by two instances at once, on a real PostgreSQL (a server of its own,
 * support/postgres.ts): Baidu's refresh token is single-use, so of six renewals at once through two
 * connection pools (two instances), exactly one may refresh, and all six must end with the same new
 * pair — none may present the used token (that would lose the grant). The stand-in's token endpoint is
 * slowed so that the renewals truly overlap. Needs TEST_PG_BIN like the other cluster files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { createBaiduProvider, type BaiduConfig } from '../../server/cloud-drive/baidu/baidu-provider'
import { startBaiduStandIn, type BaiduStandIn } from '../../server/cloud-drive/baidu/stand-in'
import { currentGrant } from '../../server/cloud-drive/cloud-drive-service'
import type { Db } from '../../server/db/db'
import { migrateAll, openDb } from '../../server/db/open-db'
import { findGrant, saveGrant } from '../../server/repositories/cloud-grants-repository'
import { DEMO_USERS } from '../../server/seed/demo'
import { resetTables } from '../../server/seed/seed'
import { missingPostgres, openTestPostgres, type TestPostgres } from './support/postgres'

const missing = missingPostgres()

describe('renewing a Baidu grant from two instances at once', skipBecause(missing), () => {
  let pg: TestPostgres
  let one: Db
  let two: Db
  let standIn: BaiduStandIn
  let config: BaiduConfig
  beforeAll(async () => {
    pg = await openTestPostgres()
    one = await openDb({ databaseUrl: pg.databaseUrl })
    two = await openDb({ databaseUrl: pg.databaseUrl })
    await migrateAll(one)
    await resetTables(one)
    standIn = await startBaiduStandIn()
    config = standIn.config()
  }, 120_000)
  afterAll(async () => {
    await one?.close()
    await two?.close()
    await standIn?.close()
    await pg?.dispose()
  })

  it('one refresh, no used token presented, the same new pair everywhere', async () => {
    const userId = DEMO_USERS.vip.id
    const granted = await createBaiduProvider(config).authorize!(standIn.issueCode())
    await saveGrant(one, { ...granted, userId, expiresAt: new Date(Date.now() + 60_000) })
    standIn.fail({ endpoint: 'token', kind: 'slow', delayMs: 500, times: 6 })
    standIn.refreshes.length = 0
    const renewals = await Promise.all([one, two, one, two, one, two].map((db) => currentGrant(db, createBaiduProvider(config), userId)))
    expect(standIn.refreshes).toEqual([{ token: granted.refreshToken, accepted: true }])
    const saved = (await findGrant(two, userId))!
    expect(saved.refreshToken).not.toBe(granted.refreshToken)
    expect(saved.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    for (const grant of renewals) expect(grant).toMatchObject({ accessToken: saved.accessToken, refreshToken: saved.refreshToken })
  })
})
