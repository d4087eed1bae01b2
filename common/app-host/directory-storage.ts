/**
 * HostStorage in a directory (Node): each key a file, written to a temporary name and renamed over the
 * old one, so a crash leaves the old bytes or the new (rename is atomic on one file system).
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { checkStorageKey, type HostStorage } from './storage.ts'

export function directoryStorage(root: string): HostStorage {
  const file = (key: string) => join(root, ...checkStorageKey(key).split('/'))
  return {
    async read(key) {
      try {
        const bytes = await readFile(file(key))
        return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async write(key, bytes) {
      const path = file(key)
      await mkdir(dirname(path), { recursive: true })
      const temporary = `${path}.tmp-${randomBytes(6).toString('hex')}`
      await writeFile(temporary, bytes)
      await rename(temporary, path)
    },
    async remove(key) {
      await rm(file(key), { force: true })
    },
    async list(prefix) {
      let entries: string[]
      try {
        entries = await readdir(root, { recursive: true })
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
        throw error
      }
      return entries
        .map((entry) => relative(root, join(root, entry)).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix) && !key.includes('.tmp-'))
        .sort()
    },
  }
}
