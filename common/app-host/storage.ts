/**
 * Where the reference host keeps what must outlive the app's process: the last good rollout envelope, the
 * packages' files (by SHA-256) and each page's installed versions. Keys are `/`-separated names of
 * `[A-Za-z0-9._%-]` (`rollout.json`, `files/<sha256>`, `pages/%2Fprice_up.json`). Platform-free: the
 * directory implementation (node:fs) is in ./directory-storage.ts, a native app uses its own files.
 */

export interface HostStorage {
  /** The bytes under `key`, or null when there are none. */
  read(key: string): Promise<Uint8Array<ArrayBuffer> | null>
  /** Writes whole or not at all: after a crash the key holds its old bytes or the new, never a part. */
  write(key: string, bytes: Uint8Array<ArrayBuffer>): Promise<void>
  /** Removes `key` (nothing when absent). */
  remove(key: string): Promise<void>
  /** Every key that starts with `prefix`. */
  list(prefix: string): Promise<string[]>
}

const KEY = /^(?:[A-Za-z0-9_%-][A-Za-z0-9._%-]*)(?:\/[A-Za-z0-9_%-][A-Za-z0-9._%-]*)*$/

/** Throws on a key that could leave the storage's root (`..`, an absolute path, a backslash). */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`app host storage: not a valid key: ${JSON.stringify(key)}`)
  return key
}

/** Storage in memory (tests, and a host that may forget everything when the app ends). */
export function memoryStorage(): HostStorage & { keys(): string[] } {
  const items = new Map<string, Uint8Array<ArrayBuffer>>()
  return {
    read: async (key) => {
      const bytes = items.get(checkStorageKey(key))
      return bytes ? bytes.slice() : null
    },
    write: async (key, bytes) => void items.set(checkStorageKey(key), bytes.slice()),
    remove: async (key) => void items.delete(checkStorageKey(key)),
    list: async (prefix) => [...items.keys()].filter((k) => k.startsWith(prefix)).sort(),
    keys: () => [...items.keys()].sort(),
  }
}
