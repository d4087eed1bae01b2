import { Worker } from 'node:worker_threads'
import { PGLITE_WORKER_FILE } from '../paths'
import type { Db, Queryable } from './db'

/** An error from the worker: its name, message and plain fields (`code`, `severity`, ...). */
interface WorkerError {
  name: string
  message: string
  stack?: string
  fields: Record<string, unknown>
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: WorkerError }

/** Rebuilds a worker's error as an Error with the same fields, so error handlers read it as before. */
function revive(error: WorkerError): Error {
  const revived = Object.assign(new Error(error.message), error.fields)
  revived.name = error.name
  if (error.stack)
    revived.stack = `${error.stack}\n    --- in the database worker, called from ---\n${new Error().stack?.split('\n').slice(2).join('\n') ?? ''}`
  return revived
}

/**
 * Opens (creating on first use) a PGlite database stored in `dir`, in a worker thread
 * (pglite-worker.js), so queries never block the event loop that serves requests. Same
 * behaviour as PGlite on the main thread: one connection, transactions one at a time (kept open
 * in the worker across messages), errors with their PostgreSQL fields.
 */
export async function createPgliteWorkerDb(dir: string): Promise<Db> {
  const worker = new Worker(PGLITE_WORKER_FILE, { workerData: { dir } })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  let failure: Error | null = null
  const failAll = (error: Error) => {
    failure = error
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the database worker exited (${code}) while opening`)))
    worker.on('message', (message: Reply | { ready: true }) => {
      if ('ready' in message) return resolve()
      const call = pending.get(message.id)
      pending.delete(message.id)
      if (message.ok) call?.resolve(message.result)
      else call?.reject(revive(message.error))
    })
  })
  worker.removeAllListeners('error').removeAllListeners('exit')
  worker.on('error', (error) => failAll(error))
  worker.on('exit', (code) => failAll(new Error(`the database worker exited (${code})`)))

  const send = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ ...message, id })
    })
  }
  const queryable = (txId?: number): Queryable => ({
    query: <T>(sql: string, params: readonly unknown[] = []) => send<T[]>({ op: 'query', sql, params: [...params], txId }),
    exec: (sql: string) => send<void>({ op: 'exec', sql, txId }),
  })
  let closed: Promise<void> | null = null
  return {
    kind: 'pglite',
    ...queryable(),
    async transaction(fn) {
      const txId = await send<number>({ op: 'begin' })
      let result
      try {
        result = await fn(queryable(txId))
      } catch (error) {
        await send({ op: 'end', txId, commit: false }).catch(() => {})
        throw error
      }
      await send({ op: 'end', txId, commit: true })
      return result
    },
    batch: (statements) =>
      send<Record<string, unknown>[][]>({
        op: 'batch',
        statements: statements.map(({ sql, params = [] }) => ({ sql, params: [...params] })),
      }),
    close() {
      closed ??= (async () => {
        if (!failure) await send({ op: 'close' })
        await worker.terminate()
      })()
      return closed
    },
  }
}
