import { v4 as uuidv4 } from 'uuid'
import { nativeDecrypt, nativeLog } from './calls'
import { installNativeMessageHandler, subscribeNative } from './messages'
import { reportMissingCall } from './missing-call'
import { hasNativeHandler } from './transports'

/** How long the host has to answer one decrypt request (docs/spec/product-spec.md §4, §9). */
export const DECRYPT_TIMEOUT_MS = 10_000

/** Why a decrypt request failed. */
export type DecryptFailure = 'unavailable' | 'timeout' | 'rejected'

/** The error `nativeDecryptData` rejects with. */
export class NativeDecryptError extends Error {
  readonly reason: DecryptFailure
  constructor(reason: DecryptFailure, message: string) {
    super(message)
    this.name = 'NativeDecryptError'
    this.reason = reason
  }
}

interface Job {
  data: unknown
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

const waiting: Job[] = []
let busy = false

/**
 * Decrypts `data` through the host (docs/contracts/bridge.md "Native decrypt queue"). Requests run one at a time,
 * each under a fresh v4 uuid; the next starts when the host answers that id or after 10,000 ms.
 * @returns the decrypted data.
 * @throws NativeDecryptError `unavailable` at once when the app has no `nativeDecrypt` (reported to
 *   `onMissingCall` listeners first, so the page layer can ask the user to upgrade); `timeout` when the host does not answer in time (logged via `nativeLog`);
 *   `rejected` when its answer carries an `error`.
 */
export function nativeDecryptData(data: unknown): Promise<unknown> {
  if (!hasNativeHandler('nativeDecrypt')) {
    reportMissingCall('nativeDecrypt')
    return Promise.reject(new NativeDecryptError('unavailable', 'nativeDecrypt is missing'))
  }
  // The answer comes through onNativeMessage; make sure it is there even if startBridge was skipped.
  installNativeMessageHandler()
  return new Promise((resolve, reject) => {
    waiting.push({ data, resolve, reject })
    next()
  })
}

function next(): void {
  if (busy) return
  const job = waiting.shift()
  if (!job) return
  busy = true
  const id = uuidv4()

  let done = false
  const finish = (settle: () => void) => {
    if (done) return // a host that answers and then throws must not free the queue twice
    done = true
    clearTimeout(timer)
    unsubscribe()
    busy = false
    settle()
    next()
  }
  const unsubscribe = subscribeNative('decryptResult', ({ data: answer }) => {
    if (answer.id !== id) return // an answer to someone else (or a late one): not ours
    finish(() =>
      answer.error ? job.reject(new NativeDecryptError('rejected', `decrypt failed: ${describe(answer.error)}`)) : job.resolve(answer.data),
    )
  })
  const timer = setTimeout(() => {
    nativeLog({ key: 'decrypt-timeout', value: id })
    finish(() => job.reject(new NativeDecryptError('timeout', `decrypt timed out after ${DECRYPT_TIMEOUT_MS} ms`)))
  }, DECRYPT_TIMEOUT_MS)

  // The handler may have vanished or thrown since the check: fail now rather than wait out the timer.
  if (!nativeDecrypt({ id, data: job.data })) {
    finish(() => job.reject(new NativeDecryptError('unavailable', 'nativeDecrypt failed')))
  }
}

/** The host's `error` as text for the message: a string as it is, anything else as JSON. */
function describe(error: unknown): string {
  if (typeof error === 'string') return error
  try {
    return JSON.stringify(error) ?? typeof error
  } catch {
    return 'unreadable error'
  }
}
