/**
 * How the S3 target reads the SDK's errors: which are worth another try (5xx, throttling, a dropped
 * connection), which mean "no such object" or "condition not met", and the error a request ends with.
 */

/** A request that still failed after its retries (or that retrying cannot help). */
export class S3RequestError extends Error {
  constructor(
    readonly operation: string,
    readonly key: string,
    override readonly cause: unknown,
    readonly attempts: number,
    readonly ms: number,
    /** Why the retries stopped, when the store said how long to wait (`asked to wait 300 s`). */
    readonly stopped: string | null = null,
  ) {
    super(`${operation} ${key}: ${describe(cause)}`)
  }
}

interface SdkError {
  name?: string
  code?: string
  message?: string
  $metadata?: { httpStatusCode?: number }
  $retryable?: unknown
  /** The raw answer (the SDK keeps it on the error, not enumerable). */
  $response?: { headers?: Record<string, string | undefined> }
}

/**
 * How long the store asked us to wait (`Retry-After`: seconds, or an HTTP date), in ms; `null` when it
 * did not say.
 */
export function retryAfterMs(error: unknown, now: number): number | null {
  const value = (error as SdkError | null)?.$response?.headers?.['retry-after']?.trim()
  if (!value) return null
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, at - now) : null
}

export function status(error: unknown): number | undefined {
  return (error as SdkError | null)?.$metadata?.httpStatusCode
}

export function describe(error: unknown): string {
  const e = error as SdkError
  const code = status(error)
  return [code, e.name && e.name !== 'Error' ? e.name : e.code, code === undefined ? e.message : undefined].filter(Boolean).join(' ')
}

const THROTTLING = new Set([
  'SlowDown',
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'RequestTimeout',
])
const NETWORK = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'TimeoutError'])

/** 5xx, throttling and dropped connections are worth another try; 4xx answers are not. */
export function retryable(error: unknown): boolean {
  const e = error as SdkError
  const code = status(error)
  if (code !== undefined) return code >= 500 || code === 429 || THROTTLING.has(e.name ?? '')
  return Boolean(e.$retryable) || NETWORK.has(e.code ?? '') || NETWORK.has(e.name ?? '')
}

export const notFound = (error: unknown) => status(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as SdkError).name ?? '')
export const preconditionFailed = (error: unknown) => status(error) === 412
/** A store that does not implement conditional writes may refuse the header instead of ignoring it. */
export const notImplemented = (error: unknown) =>
  status(error) === 501 || ['NotImplemented', 'InvalidArgument', 'InvalidRequest'].includes((error as SdkError).name ?? '')
