/** Content hashes: sha256 of a file's bytes, the identity the manifest and the deploy checks use. */
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'

/** sha256 of `bytes`, lowercase hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** sha256 and size of a file, or `null` when it does not exist. */
export async function hashFile(file: string): Promise<{ sha256: string; size: number } | null> {
  try {
    const bytes = await readFile(file)
    return { sha256: sha256(bytes), size: bytes.byteLength }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Synchronous `hashFile` for the build plugin. */
export function hashFileSync(file: string): { sha256: string; size: number } {
  const bytes = readFileSync(file)
  return { sha256: sha256(bytes), size: bytes.byteLength }
}
