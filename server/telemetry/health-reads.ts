/**
 * How the ops route reads release health (docs/telemetry.md "Reading it back"): one read at a time per
 * instance, the same question asked meanwhile sharing the answer (several operators, a watch and a gate at
 * once cost one read), with a short pause between reads (HEALTH_READ_GAP_MS); each read on one
 * connection with no parallel workers, so that it takes at most one of the database's cores. On
 * PostgreSQL the read runs on a thread of its own with its own connection (health-worker.ts): its
 * JavaScript and its garbage never pause the thread that serves the visitors (bench/health measures
 * both). The answer is the reply's envelope as JSON and gzipped, made once a reply.
 */
import { Worker } from 'node:worker_threads'
import { gzipSync } from 'node:zlib'
import type { Db } from '../db/db'
import { inLane } from '../db/fair-db'
import { ok } from '../http/envelope'
import { readHealthOnce } from './health-query'
import type { HealthAnswer, HealthAsk } from './health-worker'

/**
 * The pause an instance takes after a health read before the next (asked meanwhile: they wait, the same
 * question sharing one read): operators reading without pause take at most about half of one core of the
 * database and of the health thread, never all of it (bench/health).
 */
export const HEALTH_READ_GAP_MS = 250

/** The lane of the operators' calls (db/fair-db.ts). */
export const OPS_LANE = 'ops'

/** A reply's envelope, as JSON and gzipped. */
export interface HealthBody {
  json: string
  gzip: Uint8Array
}

export interface HealthReads {
  read(sinceHours: number, route: string | null, cohortsFrom?: Date | null): Promise<HealthBody>
  close(): Promise<void>
}

type Compute = (sinceHours: number, route: string | null, cohortsFrom: Date | null) => Promise<HealthBody>

/** In this thread (PGlite, or a runtime that cannot start the worker). */
const inProcess =
  (db: Db): Compute =>
  async (sinceHours, route, cohortsFrom) => {
    const json = JSON.stringify(ok(await inLane(OPS_LANE, () => readHealthOnce(db, sinceHours, route, cohortsFrom))))
    return { json, gzip: gzipSync(json) }
  }

/** On the health worker; falls back to `fallback` for good if the worker cannot start or dies. */
function onWorker(url: string, fallback: Compute): { compute: Compute; close: () => Promise<void> } {
  let worker: Worker | null = null
  let ready: Promise<boolean> | null = null
  let next = 0
  const waiting = new Map<number, { resolve: (body: HealthBody) => void; reject: (error: unknown) => void }>()
  const start = () => {
    ready ??= new Promise<boolean>((resolve) => {
      try {
        worker = new Worker(new URL('./health-worker-start.mjs', import.meta.url), { workerData: { url } })
      } catch {
        return resolve(false)
      }
      const fail = (why: unknown) => {
        worker = null
        for (const [, w] of waiting) w.reject(why instanceof Error ? why : new Error(String(why)))
        waiting.clear()
        resolve(false)
      }
      worker.on('error', fail)
      worker.on('exit', () => fail(new Error('the health worker stopped')))
      worker.on('message', (answer: HealthAnswer | 'ready') => {
        if (answer === 'ready') return resolve(true)
        const w = waiting.get(answer.id)
        waiting.delete(answer.id)
        if (!w) return
        if ('error' in answer) w.reject(Object.assign(new Error(answer.error.message), answer.error))
        else w.resolve({ json: answer.json, gzip: answer.gzip })
      })
      worker.unref()
    })
    return ready
  }
  return {
    compute: async (sinceHours, route, cohortsFrom) => {
      if (!(await start()) || !worker) return fallback(sinceHours, route, cohortsFrom)
      const id = ++next
      const body = new Promise<HealthBody>((resolve, reject) => waiting.set(id, { resolve, reject }))
      worker.postMessage({ id, sinceHours, route, cohortsFrom: cohortsFrom?.toISOString() ?? null } satisfies HealthAsk)
      return body
    },
    close: async () => {
      const w = worker as Worker | null
      worker = null
      await w?.terminate()
    },
  }
}

export function healthReads(db: Db, gapMs = HEALTH_READ_GAP_MS): HealthReads {
  const local = inProcess(db)
  const thread = db.kind === 'postgres' && db.url ? onWorker(db.url, local) : null
  const compute = thread?.compute ?? local
  const asked = new Map<string, Promise<HealthBody>>()
  let last: Promise<unknown> = Promise.resolve()
  return {
    read(sinceHours, route, cohortsFrom = null) {
      const key = `${sinceHours}\n${route ?? ''}\n${cohortsFrom?.toISOString() ?? ''}`
      const pending = asked.get(key)
      if (pending) return pending
      const read = last.then(() => compute(sinceHours, route, cohortsFrom))
      last = read.catch(() => undefined).then(() => new Promise((resolve) => setTimeout(resolve, gapMs)))
      asked.set(key, read)
      void read.finally(() => asked.delete(key)).catch(() => undefined)
      return read
    },
    close: async () => {
      await thread?.close()
    },
  }
}
