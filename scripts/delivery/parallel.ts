/** Bounded parallelism for the store's requests, and the progress line a terminal shows meanwhile. */
import { formatSize } from './units.ts'

/** How many requests a run keeps in flight (uploads, HEADs, verify fetches). */
export const PARALLEL = 8

/**
 * `fn` over `items`, at most `limit` at a time, results in order. After the first failure no new item
 * starts; the ones in flight finish, then the failure is thrown.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  let failed: { error: unknown } | null = null
  const worker = async () => {
    while (failed === null && next < items.length) {
      const i = next++
      try {
        results[i] = await fn(items[i]!, i)
      } catch (error) {
        failed ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failed) throw (failed as { error: unknown }).error
  return results
}

/** A terminal line `Uploading 12/40 files, 1.2 MB of 3.4 MB` kept up to date; silent when not a TTY. */
export class Progress {
  private files = 0
  private bytes = 0
  private shown = 0

  constructor(
    private readonly label: string,
    private readonly totalFiles: number,
    private readonly totalBytes: number,
    private readonly out: { isTTY?: boolean; write(text: string): unknown } = process.stderr,
  ) {}

  /** Counts one file of `size` bytes done. */
  add(size: number): void {
    this.files++
    this.bytes += size
    if (!this.out.isTTY) return
    // A redraw at most every 100 ms, and always for the last file.
    const now = Date.now()
    if (now - this.shown < 100 && this.files < this.totalFiles) return
    this.shown = now
    this.out.write(`\r${this.line()}\x1b[K`)
  }

  /** Ends the line (on a terminal). */
  done(): void {
    if (this.out.isTTY && this.totalFiles > 0) this.out.write('\n')
  }

  line(): string {
    return `${this.label} ${this.files}/${this.totalFiles} files, ${formatSize(this.bytes)} of ${formatSize(this.totalBytes)}`
  }
}
