/** Uploads on the local disk, `<DATA_DIR>/uploads` (the default; the demo). One instance, or one shared folder. */
import { mkdirSync } from 'node:fs'
import { readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import { UPLOAD_NAME, type StoredFile, type UploadStorage } from './storage'

const DAY_MS = 86_400_000
/** Names read per page of the collector's listing. */
const PAGE = 500

export function diskStorage(uploadsDir: string): UploadStorage {
  mkdirSync(uploadsDir, { recursive: true })
  return {
    kind: 'disk',
    // The same folder, so keeping a file is a rename.
    partsDir: uploadsDir,
    async keep(partPath, name) {
      await rename(partPath, join(uploadsDir, name))
    },
    async remove(names) {
      await Promise.allSettled(names.map((name) => rm(join(uploadsDir, name), { force: true })))
    },
    async *list() {
      const names = (await readdir(uploadsDir)).filter((name) => UPLOAD_NAME.test(name))
      for (let i = 0; i < names.length; i += PAGE) {
        const page = await Promise.all(
          names
            .slice(i, i + PAGE)
            .map(async (name) => ({ name, modifiedMs: (await stat(join(uploadsDir, name)).catch(() => null))?.mtimeMs })),
        )
        yield page.filter((file): file is StoredFile => file.modifiedMs !== undefined)
      }
    },
    async serve(app) {
      await app.register(fastifyStatic, {
        root: uploadsDir,
        prefix: '/uploads/',
        decorateReply: false,
        maxAge: 365 * DAY_MS,
        immutable: true,
        index: false,
      })
    },
    async serveMedia(app, dir) {
      await app.register(fastifyStatic, { root: dir, prefix: '/media/', decorateReply: false, maxAge: DAY_MS, index: false })
    },
    publishMedia: async () => 0,
    close: async () => {},
  }
}
