/**
 * Purge: after the HTML switch, the CDN must stop serving the old HTML of the switched pages. The
 * deploy runs the operator's command (`--purge '<command>'`, a CDN CLI call, docs/deploying.md) once,
 * with the pages' public URLs on its standard input, one per line.
 */
import { spawn } from 'node:child_process'

/** `https://h5.example.com/` + `/price_up` → the URLs a CDN may cache the page under. */
export function pageUrls(publicUrl: string, path: string): string[] {
  const base = publicUrl.replace(/\/+$/, '')
  const route = path === '/' ? '' : path
  // `/route`, `/route/`, `/route/index.html`; for the home page of an origin `https://h5.example.com`
  // and `https://h5.example.com/` are one URL.
  const urls = [`${base}${route}`, `${base}${route}/`, `${base}${route}/index.html`].map((u) => new URL(u).href)
  return [...new Set(urls)]
}

/** The public URLs of `paths`, in order, each once. */
export function purgeUrls(publicUrl: string, paths: readonly string[]): string[] {
  return [...new Set(paths.flatMap((p) => pageUrls(publicUrl, p)))]
}

/**
 * Runs `command` with `sh -c`, the URLs on its standard input; its output goes to stderr (stdout is
 * the deploy's report). Returns `null` when it exits 0, else why it failed.
 */
export function runPurge(command: string, urls: readonly string[]): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', command], { stdio: ['pipe', 2, 2] })
    child.on('error', (error) => resolve(`the purge command could not start: ${error.message}`))
    child.on('close', (code, signal) =>
      resolve(code === 0 ? null : `the purge command failed (${signal ? `killed by ${signal}` : `exit ${code}`})`),
    )
    // A command that does not read its input must not fail the purge with EPIPE.
    child.stdin!.on('error', () => {})
    child.stdin!.end(urls.map((u) => `${u}\n`).join(''))
  })
}
