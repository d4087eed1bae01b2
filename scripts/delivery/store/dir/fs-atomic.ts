/**
 * File writes a server can never catch half-done: bytes go to a temporary file in the same directory,
 * are flushed, and then appear under their real name in one step (rename or link).
 */
import { randomBytes } from 'node:crypto'
import { mkdir, open, readFile, rename, link, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { sha256 } from '../../hash.ts'
import { DeliveryError } from '../../errors.ts'

/**
 * The names of temporary files and directories (`.index.html.123.9f2c.tmp`, `.releases/.0007-….tmp`):
 * a run killed before its rename leaves them; the next run deletes them (run/locked-run.ts).
 */
export const TEMP_NAME = /^\..+\.tmp$/

async function writeTemp(file: string, bytes: Uint8Array): Promise<string> {
  await mkdir(dirname(file), { recursive: true })
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  const handle = await open(temp, 'wx')
  try {
    await handle.writeFile(bytes)
    // Flush before the rename, or a crash can leave the new name pointing at an empty file.
    await handle.sync()
  } catch (error) {
    // A full disk: the partial file would only take more space.
    await handle.close()
    await unlink(temp).catch(() => {})
    throw error
  }
  await handle.close()
  return temp
}

/** Writes `bytes` to `file`, replacing it in one step (temp file in the same directory + rename). */
export async function writeFileAtomic(file: string, bytes: Uint8Array | string): Promise<void> {
  const temp = await writeTemp(file, typeof bytes === 'string' ? Buffer.from(bytes) : bytes)
  try {
    await rename(temp, file)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
}

/**
 * Publishes `bytes` as `file` without ever replacing an existing file. When `file` already exists it
 * must hold the same bytes (hashed names mean same name = same content); otherwise this refuses.
 * Returns `false` when the file was already there.
 */
export async function publishNoOverwrite(file: string, bytes: Uint8Array): Promise<boolean> {
  const temp = await writeTemp(file, bytes)
  try {
    // link() fails with EEXIST instead of replacing, so even a racing writer cannot be overwritten.
    await link(temp, file)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EEXIST') throw error
    const existing = await readFile(file)
    if (sha256(existing) !== sha256(bytes)) {
      throw new DeliveryError(`${file} already exists with different content; refusing to overwrite it`)
    }
    return false
  } finally {
    await unlink(temp).catch(() => {})
  }
}
