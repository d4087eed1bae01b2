/**
 * Release health read on a thread of its own (ops-routes.ts), on a PostgreSQL connection of its own: the
 * read's work in JavaScript (parsing the rollups, setting sources aside, writing and compressing the
 * reply) and its garbage never pause the main thread, which serves the visitors. Started with the server's
 * connection string; each message asks one reply and gets back its envelope as JSON and gzipped.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { gzipSync } from 'node:zlib'
import { createPgDb } from '../db/pg-db'
import { ok } from '../http/envelope'
import { readHealthOnce } from './health-query'

export interface HealthAsk {
  id: number
  sinceHours: number
  route: string | null
  /** ISO, or null (health-query.ts `cohortsFrom`). */
  cohortsFrom: string | null
}

export type HealthAnswer =
  { id: number; json: string; gzip: Uint8Array } | { id: number; error: { message: string; code?: string; name: string } }

const port = parentPort!
const db = await createPgDb((workerData as { url: string }).url, { poolSize: 1, onConnectionError: () => {} })
port.on('message', (ask: HealthAsk) => {
  readHealthOnce(db, ask.sinceHours, ask.route, ask.cohortsFrom ? new Date(ask.cohortsFrom) : null).then(
    (reply) => {
      const json = JSON.stringify(ok(reply))
      const gzip = new Uint8Array(gzipSync(json))
      port.postMessage({ id: ask.id, json, gzip } satisfies HealthAnswer, [gzip.buffer])
    },
    (error: unknown) => {
      const e = error as { message?: string; code?: string; name?: string }
      port.postMessage({
        id: ask.id,
        error: { message: String(e.message ?? error), name: e.name ?? 'Error', ...(e.code ? { code: e.code } : {}) },
      } satisfies HealthAnswer)
    },
  )
})
port.postMessage('ready')
