// @ts-check
/**
 * The PGlite database in a worker thread (pglite-worker-db.ts is its main-thread side). PGlite
 * runs Postgres as WebAssembly on the thread that calls it: on the main thread, a heavy query
 * stalls every request of every user, static files included (issue 17). Plain JavaScript, so the
 * same file runs under node, tsx and vitest without a loader.
 *
 * Messages in: `{ id, op: 'query' | 'exec', sql, params?, txId? }`, `{ id, op: 'begin' }`,
 * `{ id, op: 'end', txId, commit }`, `{ id, op: 'batch', statements: [{ sql, params }] }` (a whole
 * transaction in one message), `{ id, op: 'close' }`. Out: `{ id, ok: true, result }` or
 * `{ id, ok: false, error }` with the error's own plain fields (a PostgreSQL error's `code`,
 * `severity`, `detail`, ...) kept.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)

/** @param {unknown} error */
function serialize(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  /** @type {Record<string, string | number | boolean | null>} */
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
  }
  return { name: error.name, message: error.message, stack: error.stack, fields }
}

/**
 * Open transactions: PGlite keeps one open while the callback of `transaction` has not settled,
 * so each begin parks a callback until its `end` arrives. Other statements queue behind it
 * (PGlite's own lock), as they did on the main thread.
 * @type {Map<number, { tx?: import('@electric-sql/pglite').Transaction, finish?: (commit: boolean) => void, done?: Promise<void> }>}
 */
const transactions = new Map()
let nextTxId = 1

/** @param {import('@electric-sql/pglite').PGlite} pg */
function begin(pg) {
  const txId = nextTxId++
  /** @type {any} */
  const entry = {}
  transactions.set(txId, entry)
  return new Promise((started, failed) => {
    entry.done = pg
      .transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            entry.tx = tx
            entry.finish = (/** @type {boolean} */ commit) => (commit ? resolve(undefined) : reject(ROLLBACK))
            started(txId)
          }),
      )
      .then(
        () => {},
        (/** @type {unknown} */ error) => {
          if (error !== ROLLBACK) throw error
        },
      )
    // BEGIN itself failed: the transaction never started.
    entry.done.catch((/** @type {unknown} */ error) => {
      if (!entry.finish) transactions.delete(txId)
      failed(error)
    })
  })
}

const ROLLBACK = new Error('rollback')

const pg = await PGlite.create(workerData.dir)

/** @param {{ txId?: number }} msg */
const target = (msg) => {
  if (msg.txId === undefined) return pg
  const tx = transactions.get(msg.txId)?.tx
  if (!tx) throw new Error(`no open transaction ${msg.txId}`)
  return tx
}

port.on('message', async (/** @type {any} */ msg) => {
  try {
    let result
    if (msg.op === 'query') result = (await target(msg).query(msg.sql, msg.params ?? [])).rows
    else if (msg.op === 'exec') await target(msg).exec(msg.sql)
    else if (msg.op === 'begin') result = await begin(pg)
    else if (msg.op === 'batch') {
      result = await pg.transaction(async (tx) => {
        /** @type {unknown[][]} */
        const rows = []
        for (const statement of msg.statements) rows.push((await tx.query(statement.sql, statement.params)).rows)
        return rows
      })
    } else if (msg.op === 'end') {
      const entry = transactions.get(msg.txId)
      if (!entry?.finish) throw new Error(`no open transaction ${msg.txId}`)
      entry.finish(msg.commit)
      try {
        await entry.done
      } finally {
        transactions.delete(msg.txId)
      }
    } else if (msg.op === 'close') await pg.close()
    port.postMessage({ id: msg.id, ok: true, result })
  } catch (error) {
    port.postMessage({ id: msg.id, ok: false, error: serialize(error) })
  }
})
port.postMessage({ ready: true })
