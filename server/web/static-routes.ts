import { readFile } from 'node:fs/promises'
import type { FastifyPluginAsync } from 'fastify'
import { DEMO_MEDIA_DIR, FAKE_HOST_FILE } from '../paths'
import type { UploadStorage } from '../uploads/storage'

export interface StaticRoutesOptions {
  /** Where uploads are stored (served at /uploads/, uploads/storage.ts). */
  storage: UploadStorage
  /** Serve the fake host script (development only). */
  fakeHost: boolean
  /** Serve `/media/` (the demo's media); false in production, where there is no demo content: 404. */
  demoMedia: boolean
}

/**
 * Files that are not pages: the demo media (/media/, cached a day; not in production) and uploads
 * (/uploads/, random names that never change, so cached for good), both from the storage (the disk, or
 * the bucket of `UPLOADS_URL`), and, in development, the fake host script (/__fake-host.js).
 */
export const staticRoutes: FastifyPluginAsync<StaticRoutesOptions> = async (app, { storage, fakeHost, demoMedia }) => {
  if (demoMedia) await storage.serveMedia(app, DEMO_MEDIA_DIR)
  // Production: a 404 for every /media/ path, on disk or bucket (never the pages' catch-all, nor a bucket's leftovers).
  else app.get('/media/*', async (_request, reply) => reply.callNotFound())
  await storage.serve(app)
  if (!fakeHost) return
  app.get('/__fake-host.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await readFile(FAKE_HOST_FILE, 'utf8')),
  )
}
