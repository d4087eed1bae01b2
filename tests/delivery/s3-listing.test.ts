/**
 * Issue 48 item 3: a bucket prefix with more than 1,000 objects (a listing is at most 1,000 a page). Prune
 * lists `assets/` to find the files no kept release uses; with 1,050 left by old deploys it must see and
 * delete every one of them, on s3rver too (which answers 500 to a ListObjectsV2 page past the first:
 * common/s3-list.ts), and leave every page served.
 */
import type { ListObjectsCommandOutput } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listObjectPages, type ListPage } from '../../common/s3-list'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { runDeploy } from './helpers/run-deploy'
import { servedVersionsS3 } from './helpers/s3-checks'
import { BUCKET, startS3Server, type S3Server } from './helpers/s3-server'

let pair: BuildPair
let s3: S3Server
beforeAll(async () => {
  pair = buildPair()
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.stop()
  pair?.cleanup()
})

const PREFIX = 'many-assets'
const STRAY = 1050

it('prune deletes every unused asset of a prefix holding more than 1,000 objects, and nothing a page loads', async () => {
  // A store failure ends the run within seconds here, not after the minute of retries a real deploy allows.
  const env = { ...s3.env, DEPLOY_S3_RETRY_FOR: '2s' }
  const deploy = (...args: string[]) => runDeploy(['--to', `s3://${BUCKET}/${PREFIX}`, ...args], env)
  const first = await deploy('--from', pair.before.dir)
  expect(first.code, first.stderr).toBe(0)
  const live = (await s3.keys(PREFIX)).filter((key) => key.startsWith('assets/'))

  // Assets of old deploys that no release records any more (tiny objects, put 16 at a time).
  const stray = Array.from({ length: STRAY }, (_, i) => `assets/old-${String(i).padStart(4, '0')}.js`)
  const queue = [...stray]
  const put = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) await s3.putRaw(PREFIX, key, 'old')
  }
  await Promise.all(Array.from({ length: 16 }, put))
  expect((await s3.keys(PREFIX)).filter((key) => key.startsWith('assets/'))).toHaveLength(live.length + STRAY)

  const pruned = await deploy('--prune', '--keep', '1', '--grace', '0')
  expect(pruned.code, pruned.stderr).toBe(0)
  expect(pruned.stdout).toContain(`Deleted files: ${STRAY}`)
  expect((await s3.keys(PREFIX)).filter((key) => key.startsWith('assets/'))).toEqual(live)
  expect([...(await servedVersionsS3(s3, PREFIX, [pair.before.manifest])).values()]).toEqual(
    Array(Object.keys(pair.before.manifest.routes).length).fill(0),
  )
}, 240_000)

describe('listObjectPages (common/s3-list.ts), against a store answering as the API says', () => {
  const KEYS = Array.from({ length: 2500 }, (_, i) => `p/${String(i).padStart(5, '0')}`)
  /** ListObjects as S3 answers it: 1,000 keys after Marker, NextMarker only when `withNextMarker`. */
  const store =
    (asked: (string | undefined)[], withNextMarker = false): ListPage =>
    async ({ Marker, Prefix }) => {
      asked.push(Marker)
      const after = KEYS.filter((key) => key.startsWith(Prefix ?? '') && (Marker === undefined || key > Marker))
      const page = after.slice(0, 1000)
      const truncated = after.length > 1000
      return {
        Contents: page.map((Key) => ({ Key })),
        IsTruncated: truncated,
        ...(truncated && withNextMarker ? { NextMarker: page.at(-1) } : {}),
        $metadata: {},
      } satisfies ListObjectsCommandOutput
    }
  const all = async (listPage: ListPage) => {
    const keys: string[] = []
    for await (const page of listObjectPages(listPage, 'b', 'p/')) keys.push(...page.map((o) => o.Key!))
    return keys
  }

  it('reads 2,500 keys in three requests, each after the last key of the page before, each key once', async () => {
    const asked: (string | undefined)[] = []
    expect(await all(store(asked))).toEqual(KEYS)
    expect(asked).toEqual([undefined, 'p/00999', 'p/01999'])
  })

  it('goes on from NextMarker when the store gives one', async () => {
    const asked: (string | undefined)[] = []
    expect(await all(store(asked, true))).toEqual(KEYS)
    expect(asked).toHaveLength(3)
  })

  it('stops with a clear error, not a loop, when a store says there is more but its page moves nothing on', async () => {
    const stuck: ListPage = async () => ({ Contents: [{ Key: 'p/1' }], IsTruncated: true, NextMarker: 'p/1', $metadata: {} })
    await expect(all(stuck)).rejects.toThrow('listing s3://b/p/: the store said there is more but gave no key to go on from')
    const empty: ListPage = async () => ({ Contents: [], IsTruncated: true, $metadata: {} })
    await expect(all(empty)).rejects.toThrow('gave no key to go on from')
  })
})
