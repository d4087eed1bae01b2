/**
 * Checking a package's files (docs/rollout.md "Packages"): a file is used only when its size and SHA-256
 * are the document's. WebCrypto only.
 */
import type { PackageFile } from './document.ts'

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Why `bytes` are not `file` (`size 10 ≠ 12`, `sha256 differs`), or null when they are. */
export async function packageFileMismatch(file: PackageFile, bytes: Uint8Array<ArrayBuffer>): Promise<string | null> {
  if (bytes.byteLength !== file.size) return `${file.path}: size ${bytes.byteLength} ≠ ${file.size}`
  if ((await sha256Hex(bytes)) !== file.sha256) return `${file.path}: sha256 differs`
  return null
}
