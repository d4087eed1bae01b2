/**
 * Issue 48 item 3: a bucket prefix with more than 1,000 objects (a listing is at most 1,000 a page). Prune
 * lists `assets/` to find the files no kept release uses; with 1,050 left by old deploys it must see and
 * delete every one of them, on s3rver too (which answers 500 to a ListObjectsV2 page past the first:
 * common/s3-list.ts), and leave every page served.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
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
