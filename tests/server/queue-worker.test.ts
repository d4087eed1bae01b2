/**
 * The import queue's worker loop (server/cloud-drive/queue-worker.ts): a job whose end cannot be recorded
 * (PostgreSQL away) is logged and left to expire, never an unhandled rejection that ends the process
 * (pg-boss 10's own `work()` does that: timgit/pg-boss#577). Vitest fails a file on an unhandled rejection.
 */
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'
import { describe, expect, it, vi } from 'vitest'
import { QueueWorker } from '../../server/cloud-drive/queue-worker'

const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
const job = (id: string) => ({ id, name: 'q', data: { n: 1 }, expireInSeconds: 5 }) as PgBoss.Job<{ n: number }>

/** A queue holding `jobs`, whose complete() and fail() reject as with the database away. */
function queueWithoutDatabase(jobs: PgBoss.Job<{ n: number }>[]) {
  return {
    fetch: vi.fn(async () => (jobs.length > 0 ? [jobs.shift()!] : [])),
    complete: vi.fn(() => Promise.reject(lost)),
    fail: vi.fn(() => Promise.reject(lost)),
  }
}

const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> }

describe('a queue worker', () => {
  it('logs a job whose completion cannot be recorded, and goes on with the next', async () => {
    const queue = queueWithoutDatabase([job('a'), job('b')])
    const log = logger()
    const ran: string[] = []
    const worker = new QueueWorker(queue as unknown as PgBoss, 'q', 20, async (j) => void ran.push(j.id), log)
    await expect.poll(() => queue.complete.mock.calls.length).toBe(2)
    await worker.stop()
    expect(ran).toEqual(['a', 'b'])
    expect(log.warn).toHaveBeenCalledTimes(2)
    expect(log.warn.mock.calls[0]![1]).toBe('q: the end of a job could not be recorded; it is taken again once it expires')
  })

  it('records a failed job with its message, and logs when that cannot be recorded either', async () => {
    const queue = queueWithoutDatabase([job('a')])
    const log = logger()
    const worker = new QueueWorker(queue as unknown as PgBoss, 'q', 20, () => Promise.reject(new Error('the slice failed')), log)
    await expect.poll(() => queue.fail.mock.calls.length).toBe(1)
    await worker.stop()
    expect(queue.fail).toHaveBeenCalledWith('q', 'a', { message: 'the slice failed' })
    expect(log.warn).toHaveBeenCalledTimes(1)
  })

  it('fetches at once when notified, instead of waiting for its polling interval', async () => {
    const jobs: PgBoss.Job<{ n: number }>[] = []
    const queue = { ...queueWithoutDatabase(jobs), complete: vi.fn(async () => undefined) }
    const worker = new QueueWorker(queue as unknown as PgBoss, 'q', 60_000, async () => {}, logger())
    await expect.poll(() => queue.fetch.mock.calls.length).toBe(1)
    jobs.push(job('a'))
    worker.notify()
    await expect.poll(() => queue.complete.mock.calls.length).toBe(1)
    await worker.stop()
  })
})
