import { readFile } from 'node:fs/promises'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync } from 'fastify'
import { DEMO_MEDIA_DIR } from '../paths'
import type { UploadStorage } from '../uploads/storage'

export interface StaticRoutesOptions {
  /** Where uploads are stored (served at /uploads/, uploads/storage.ts). */
  storage: UploadStorage
  /** Serve the fake host script (development only). */
  fakeHost: boolean
}

const FAKE_HOST_FILE = new URL('../fake-host/fake-host.js', import.meta.url)
const DAY_MS = 86_400_000

/**
 * Files that are not pages: the demo media (/media/, cached a day), uploads (/uploads/, random
 * names that never change, so cached for good, from the storage) and, in development, the fake host script (/__fake-host.js).
 */
export const staticRoutes: FastifyPluginAsync<StaticRoutesOptions> = async (app, { storage, fakeHost }) => {
  await app.register(fastifyStatic, {
    root: DEMO_MEDIA_DIR,
    prefix: '/media/',
    maxAge: DAY_MS,
    index: false,
  })
  await storage.serve(app)
  if (!fakeHost) return
  app.get('/__fake-host.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(FAKE_HOST_FILE, 'utf8')),
  )
}
