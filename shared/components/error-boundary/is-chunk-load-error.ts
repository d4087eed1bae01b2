// What browsers and Vite say when a lazily loaded script or stylesheet fails to arrive
// (Chrome, Safari, Firefox, Vite's CSS preload; webpack-style loaders name it ChunkLoadError).
const CHUNK_MESSAGES = [
  'failed to fetch dynamically imported module',
  'importing a module script failed',
  'error loading dynamically imported module',
  'unable to preload css',
]

/** True when `error` is a failed chunk / CSS load, which only a page reload can fix. */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, message } = error as { name?: unknown; message?: unknown }
  if (name === 'ChunkLoadError') return true
  const text = typeof message === 'string' ? message.toLowerCase() : ''
  return CHUNK_MESSAGES.some((known) => text.includes(known))
}

/** A readable message for any thrown value (an Error, a string, null…). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message)
  return String(error)
}
