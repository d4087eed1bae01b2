/** Builds the app on a test database, plus small helpers for `inject` calls. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { buildApp, type BuildAppOptions } from '../../../server/app'
import type { Db } from '../../../server/db/db'
import type { FolderView } from '../../../server/services/folder-view'
import { DEMO_TOKENS } from '../../../server/seed/demo'
import { resetTables } from '../../../server/seed/seed'
import { openTestDb, type TestDb } from './test-db'
import { trackWrites, type TrackedDb } from './track-writes'

/** `Authorization` header of a demo user (or of any token). */
export const bearer = (token: string = DEMO_TOKENS.vip) => ({ authorization: `Bearer ${token}` })
export const VIP = bearer(DEMO_TOKENS.vip)
export const BASIC = bearer(DEMO_TOKENS.basic)

/** The envelope of a reply. */
export interface Envelope<T = unknown> {
  result: string
  data: T
  msg: string
}

/** Parses a reply body as an envelope. */
export const envelope = <T = unknown>(res: LightMyRequestResponse) => res.json<Envelope<T>>()

/** The Folder of a reply. */
export const folderOf = (res: LightMyRequestResponse) => envelope<FolderView>(res).data

/** The test context: filled in beforeAll, reset (all tables re-seeded) before each test. */
export interface ServerTestContext {
  app: FastifyInstance
  db: Db
  dataDir: string
  /** `app.inject` returning the response. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>
  /** GET as the VIP user (or `headers`). */
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>
  /** POST JSON as the VIP user (or `headers`). */
  post(url: string, body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>
  /** GET /v1/directory/{id} as the VIP user (or `headers`): the folder and its children. */
  folder(id: number, headers?: Record<string, string>): Promise<FolderView & { items: FolderView[] }>
}

/**
 * Registers the hooks of a server test file: one database and app for the file, fresh demo data
 * before every test (re-seeded only when the previous test may have written), everything
 * closed after. No rate limits unless `options.rateLimits` sets them.
 */
export function setupServer(options: Omit<BuildAppOptions, 'db' | 'dataDir'> = {}): ServerTestContext {
  let tracked: TrackedDb
  let testDb: TestDb
  const ctx = {
    inject: (o: InjectOptions) => ctx.app.inject(o),
    get: (url: string, headers: Record<string, string> = VIP) => ctx.app.inject({ method: 'GET', url, headers }),
    post: (url: string, body: unknown, headers: Record<string, string> = VIP) =>
      ctx.app.inject({ method: 'POST', url, headers, payload: body as InjectOptions['payload'] }),
    folder: async (id: number, headers: Record<string, string> = VIP) => {
      const folder = folderOf(await ctx.get(`/v1/directory/${id}`, headers))
      return { ...folder, items: folder.items ?? [] }
    },
  } as ServerTestContext
  beforeAll(async () => {
    testDb = await openTestDb()
    tracked = trackWrites(testDb.db)
    ctx.db = tracked
    ctx.dataDir = testDb.dataDir
    // Rate limits only where a file asks for them (tests/server/rate-limits.test.ts): their counters would
    // carry over from test to test (they are no demo data), and every call would write one.
    ctx.app = await buildApp({ db: tracked, dataDir: testDb.dataDir, rateLimits: false, ...options })
  })
  beforeEach(async () => {
    if (!tracked.dirty) return
    await resetTables(testDb.db)
    tracked.markClean()
  })
  afterAll(async () => {
    await ctx.app?.close()
    await testDb?.dispose()
  })
  return ctx
}
