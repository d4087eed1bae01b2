/**
 * One worker of a pg-boss queue: takes one job at a time (pg-boss's `fetch`), runs it, and records how it
 * ended (`complete` / `fail`), in a loop of its own instead of pg-boss's `work()`. pg-boss 10 (the last
 * line for Node 20) calls complete() and fail() there without awaiting them (timgit/pg-boss#577; 11
 * awaits them, and needs Node 22), so a job that ends while PostgreSQL is away — a restart, a failover —
 * rejects with no handler and ends the process. Here that failure is logged, and the job, still active in
 * the queue, is taken again once it expires, like a job whose instance died: the import's own state says
 * what is left of it (import-runner.ts).
 *
 * As `work()` does: a job runs at most its `expireInSeconds` before it is failed (its handler may go on,
 * the runner waits for it on stop); after a job the worker fetches again at once, after none it waits
 * `pollingMs` or until `notify()`.
 */
import type { FastifyBaseLogger } from 'fastify'
import type PgBoss from 'pg-boss'

export class QueueWorker<T extends object> {
  private stopping = false
  private wake: (() => void) | null = null
  private readonly loop: Promise<void>

  constructor(
    private readonly boss: PgBoss,
    private readonly queue: string,
    private readonly pollingMs: number,
    private readonly handler: (job: PgBoss.Job<T>) => Promise<void>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = this.run()
  }

  /** Fetches now (a job was just queued). */
  notify(): void {
    this.wake?.()
  }

  /** Takes no more jobs; resolves once the one running (if any) has ended and been recorded. */
  async stop(): Promise<void> {
    this.stopping = true
    this.wake?.()
    await this.loop
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      // pg-boss's fetch answers [] when the database cannot be reached.
      const [job] = await this.boss.fetch<T>(this.queue, { batchSize: 1 }).catch(() => [])
      if (job) await this.runJob(job)
      else await this.pause()
    }
  }

  private async runJob(job: PgBoss.Job<T>): Promise<void> {
    let failure: unknown = null
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the job ran past its ${job.expireInSeconds} s`)), job.expireInSeconds * 1000)
    })
    try {
      await Promise.race([this.handler(job), expired])
    } catch (error) {
      failure = error
    } finally {
      clearTimeout(timer)
    }
    try {
      if (failure) await this.boss.fail(this.queue, job.id, { message: failure instanceof Error ? failure.message : 'failed' })
      else await this.boss.complete(this.queue, job.id)
    } catch (err) {
      this.log.warn(
        { err, queue: this.queue, job: job.id },
        `${this.queue}: the end of a job could not be recorded; it is taken again once it expires`,
      )
    }
  }

  private pause(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.wake = null
        resolve()
      }
      const timer = setTimeout(done, this.pollingMs)
      this.wake = done
    })
  }
}
