/**
 * Who sent a report, as far as the server keeps it (docs/telemetry.md "Who can move a decision"): never
 * the address, only (a) its bucket, one of SOURCE_BUCKETS, by a keyed hash the sender cannot aim (the key
 * is random, made once, shared by every instance in `telemetry_key`), which the decision rule reads to set
 * aside a few sources that stand out; and (b) a keyed hash of the day and the address, unlinkable across
 * days, which the storage budget counts against. An IPv6 address counts by its /64, as the rate limits do.
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/db'

/** Buckets of senders: enough that 3 addresses are 3 buckets among many, few enough to read a release's all at once. */
export const SOURCE_BUCKETS = 256

export interface Source {
  /** 0 … SOURCE_BUCKETS − 1. */
  bucket: number
  /** The storage budget's key for the day of `at`. */
  budgetKey: string
}

export interface SourceKeys {
  sourceOf(address: string, at: Date): Promise<Source>
}

/** The shared key, made by whichever instance needs it first. */
async function readKey(db: Queryable): Promise<Buffer> {
  await db.query('INSERT INTO telemetry_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)])
  const [row] = await db.query<{ key: Uint8Array }>('SELECT key FROM telemetry_key WHERE id = 1')
  return Buffer.from(row!.key)
}

export function sourceKeys(db: Queryable): SourceKeys {
  let key: Promise<Buffer> | null = null
  return {
    async sourceOf(address, at) {
      key ??= readKey(db).catch((error: unknown) => {
        key = null
        throw error
      })
      const secret = await key
      const bucket = createHmac('sha256', secret).update(`source\n${address}`).digest()[0]! % SOURCE_BUCKETS
      const budgetKey = createHmac('sha256', secret)
        .update(`budget\n${at.toISOString().slice(0, 10)}\n${address}`)
        .digest('hex')
        .slice(0, 24)
      return { bucket, budgetKey }
    },
  }
}
