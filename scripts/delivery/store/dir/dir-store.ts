/**
 * The directory target: a folder a web server serves as it is (docs/deploying.md, the nginx sample).
 * Every write goes through a temporary file in the same folder, flushed, then renamed or linked into
 * place (fs-atomic.ts), so the server never reads half a file; the headers are the web server's job.
 */
import { existsSync, readdirSync, rmdirSync } from 'node:fs'
import { link, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { listFiles } from '../../asset-graph.ts'
import { publishNoOverwrite, TEMP_NAME, writeFileAtomic } from './fs-atomic.ts'
import { hashFile } from '../../hash.ts'
import type { Store, StoredFile } from '../store.ts'

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT'])

export class DirStore implements Store {
  readonly name: string

  constructor(readonly root: string) {
    this.name = root
  }

  private path(key: string): string {
    return join(this.root, ...key.split('/'))
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key))
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  stat(key: string): Promise<StoredFile | null> {
    return hashFile(this.path(key))
  }

  async modifiedAt(key: string): Promise<number | null> {
    try {
      return (await stat(this.path(key))).mtimeMs
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  put(key: string, bytes: Uint8Array): Promise<void> {
    return writeFileAtomic(this.path(key), bytes)
  }

  putNew(key: string, bytes: Uint8Array): Promise<boolean> {
    return publishNoOverwrite(this.path(key), bytes)
  }

  async list(prefix: string): Promise<string[]> {
    const dir = this.path(prefix.replace(/\/+$/, ''))
    if (!existsSync(dir)) return []
    const base = prefix.replace(/\/+$/, '')
    return listFiles(dir)
      .filter((f) => !f.split('/').some((part) => TEMP_NAME.test(part)))
      .map((f) => (base ? `${base}/${f}` : f))
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true })
    // Folders a deploy made for files now gone (an old page's folder under assets/, a release's html/).
    for (let d = dirname(key); d !== '.' && d !== ''; d = dirname(d)) {
      const full = this.path(d)
      if (!existsSync(full) || readdirSync(full).length > 0) return
      rmdirSync(full)
    }
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    // One at a time: each delete also removes the folders it leaves empty.
    for (const key of keys) await this.delete(key)
  }

  async createIfAbsent(key: string, bytes: Uint8Array): Promise<boolean> {
    await mkdir(dirname(this.path(key)), { recursive: true })
    try {
      // O_EXCL: of two runs creating the lock at once, exactly one succeeds.
      const handle = await open(this.path(key), 'wx')
      try {
        await handle.writeFile(bytes)
      } finally {
        await handle.close()
      }
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw error
    }
  }

  async replaceIf(key: string, expected: Uint8Array, bytes: Uint8Array): Promise<boolean> {
    // Renamed away first: of two runs replacing the same file only one gets it, then creates anew.
    const file = this.path(key)
    const aside = `${file}.aside-${process.pid}-${Date.now()}`
    if (
      !(await rename(file, aside).then(
        () => true,
        () => false,
      ))
    )
      return false
    const was = await readFile(aside)
    if (!was.equals(expected)) {
      // Not the file we judged: put it back unless someone has already created a new one.
      await link(aside, file).catch(() => {})
      await rm(aside, { force: true })
      return false
    }
    await rm(aside, { force: true })
    return this.createIfAbsent(key, bytes)
  }

  /**
   * Deletes the temp files (`.name.<pid>.<hex>.tmp`, fs-atomic.ts) and half-built release folders
   * (`.releases/.<id>.tmp`) a killed run left anywhere in the target.
   */
  async removeLeftovers(): Promise<number> {
    let removed = 0
    const walk = async (dir: string) => {
      let entries
      try {
        entries = readdirSync(dir, { withFileTypes: true })
      } catch {
        return
      }
      for (const entry of entries) {
        const path = join(dir, entry.name)
        if (TEMP_NAME.test(entry.name)) {
          await rm(path, { recursive: true, force: true })
          removed++
        } else if (entry.isDirectory()) {
          await walk(path)
        }
      }
    }
    await walk(this.root)
    return removed
  }

  failure(error: unknown): string | null {
    const { code, path } = error as NodeJS.ErrnoException
    if (!code || !DISK_FULL.has(code)) return null
    return `the disk of ${this.root} is full (${code} while writing ${path ?? 'a file'}): free some space and run again`
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}
