/**
 * Issue 40 items 1, 5 and 6: a production start refuses, with one line, what it must not serve: no
 * sign-in, a database not migrated, a database holding the demo users; and any start refuses a data
 * folder too small for the embedded database, saying how much it needs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { verifierFromEnv } from '../../server/auth/token-verifier'
import { jobTimingsFromEnv } from '../../server/cloud-drive/job-queue'
import { JOB_SCHEMA_MIGRATION } from '../../server/db/job-schema'
import { migrateAll, openDb } from '../../server/db/open-db'
import { seed } from '../../server/seed/seed'
import { startServer } from '../../server/start'
import { templateCopy } from './helpers/test-db'
import { signToken, TEST_AUDIENCE, TEST_ISSUER, TEST_SECRET } from './helpers/tokens'

const verifier = verifierFromEnv({ AUTH_JWT_SECRET: TEST_SECRET, AUTH_JWT_ISSUER: TEST_ISSUER, AUTH_JWT_AUDIENCE: TEST_AUDIENCE })
const folders: string[] = []
afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A migrated database without demo data, changed by `prepare` first. */
async function database(prepare?: (db: Awaited<ReturnType<typeof openDb>>) => Promise<void>): Promise<string> {
  const dataDir = await templateCopy()
  folders.push(dataDir)
  if (prepare) {
    const db = await openDb({ dataDir })
    await prepare(db)
    await db.close()
  }
  return dataDir
}

describe('a production start', () => {
  it('serves a migrated database without demo data, to signed tokens only', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    const server = await startServer({ dataDir: await database(), verifier })
    try {
      const signed = await fetch(`${server.url}/v1/directory/0`, { headers: { authorization: `Bearer ${await signToken()}` } })
      const demo = await fetch(`${server.url}/v1/directory/0`, { headers: { authorization: 'Bearer demo-vip-token' } })
      expect([signed.status, demo.status]).toEqual([200, 401])
      // Nothing was seeded.
      expect((await fetch(`${server.url}/v1/share/uar?r=demo-book`)).status).toBe(404)
    } finally {
      await server.close()
    }
  })

  it('refuses without a sign-in', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    // Refused before the database is opened.
    await expect(startServer({ dataDir: join(tmpdir(), 'kids-never-opened') })).rejects.toThrow(
      'NODE_ENV=production needs the sign-in: set AUTH_JWT_SECRET (HS256) or AUTH_JWKS_URL, with AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE',
    )
  })

  it('refuses a database a migration has not reached, naming it, and changes nothing', async () => {
    const dataDir = await database((db) =>
      db.query(`DELETE FROM schema_migrations WHERE version = '006_sign_in_and_storage'`).then(() => {}),
    )
    vi.stubEnv('NODE_ENV', 'production')
    await expect(startServer({ dataDir, verifier })).rejects.toThrow(
      'the database is not migrated (006_sign_in_and_storage pending): run `npm run migrate` first',
    )
  })

  it('refuses a database without the job queue’s schema until npm run migrate has made it', async () => {
    const dataDir = await database((db) => db.exec('DROP SCHEMA pgboss CASCADE'))
    vi.stubEnv('NODE_ENV', 'production')
    await expect(startServer({ dataDir, verifier })).rejects.toThrow(
      `the database is not migrated (${JOB_SCHEMA_MIGRATION} pending): run \`npm run migrate\` first`,
    )
    // What `npm run migrate` runs (server/migrate-cli.ts): pg-boss's schema is made, and the start serves.
    const db = await openDb({ dataDir, migrate: false })
    expect(await migrateAll(db)).toEqual([JOB_SCHEMA_MIGRATION])
    expect(await migrateAll(db)).toEqual([])
    await db.close()
    const server = await startServer({ dataDir, verifier })
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('refuses a database holding the demo users', async () => {
    const dataDir = await database((db) => seed(db))
    vi.stubEnv('NODE_ENV', 'production')
    await expect(startServer({ dataDir, verifier })).rejects.toThrow(
      'the database holds the demo users (npm start / npm run seed wrote it): production needs a database of its own',
    )
  })
})

describe('a data folder too small for the embedded database', () => {
  it('is refused with how much it needs, before anything is written', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kids-small-disk-'))
    folders.push(dataDir)
    await expect(openDb({ dataDir, freeBytes: () => 19 * 1024 * 1024 })).rejects.toThrow(
      `${join(dataDir, 'pglite')} has 19 MB free: the embedded database needs 64 MB to start (more as data grows). ` +
        'Free some space, or set DATA_DIR to a larger disk (or DATABASE_URL to a PostgreSQL server).',
    )
  })
})

describe('IMPORT_JOB_TIMINGS', () => {
  it('sets the import queue’s timings it names, the others keeping their defaults', () => {
    expect(jobTimingsFromEnv(undefined)).toEqual({})
    expect(jobTimingsFromEnv('{"expireSeconds": 30, "workers": 2}')).toEqual({ expireSeconds: 30, workers: 2 })
  })

  it('refuses, with one line, what is not a set of timings', () => {
    const fields = 'give a JSON object of sliceMs, expireSeconds, maintenanceSeconds, pollingSeconds, workers, stopGraceMs'
    expect(() => jobTimingsFromEnv('60')).toThrow(`IMPORT_JOB_TIMINGS is not an object: ${fields}`)
    expect(() => jobTimingsFromEnv('{expire: 1}')).toThrow(`IMPORT_JOB_TIMINGS is not JSON: ${fields}`)
    expect(() => jobTimingsFromEnv('{"expire": 30}')).toThrow(`IMPORT_JOB_TIMINGS has an unknown field expire: ${fields}`)
    expect(() => jobTimingsFromEnv('{"workers": 1.5}')).toThrow('IMPORT_JOB_TIMINGS workers must be a whole number')
    expect(() => jobTimingsFromEnv('{"sliceMs": -1}')).toThrow('IMPORT_JOB_TIMINGS sliceMs must be a positive number')
    // A slice longer than its expiry would be taken again while it runs, every time.
    expect(() => jobTimingsFromEnv('{"expireSeconds": 10}')).toThrow('IMPORT_JOB_TIMINGS expireSeconds must be longer than sliceMs')
  })
})
