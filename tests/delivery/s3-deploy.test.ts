import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { releaseHtmlPath } from '../../common/rollout/document'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { listFiles } from '../../scripts/delivery/asset-graph'
import { sha256 } from '../../scripts/delivery/hash'
import { IMMUTABLE, REVALIDATE, SHORT } from '../../scripts/delivery/store/headers'
import { purgeUrls } from '../../scripts/delivery/run/purge'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { runDeploy } from './helpers/run-deploy'
import { servedVersionsS3 } from './helpers/s3-checks'
import { BUCKET, startS3Server, type S3Server } from './helpers/s3-server'

let pair: BuildPair
let s3: S3Server
let prefix: string
let n = 0
beforeAll(async () => {
  pair = buildPair()
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.stop()
  pair?.cleanup()
})
beforeEach(() => {
  prefix = `site-${n++}`
  s3.faults.length = 0
})

const to = () => `s3://${BUCKET}/${prefix}`
const deploy = (...args: string[]) => runDeploy(['--to', to(), ...args], s3.env)
/** The purge command of these tests: appends its standard input to a file. */
const purgeInto = (file: string) => ['--purge', `cat >> '${file}'`]
const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '')

/** Paths of the changed route and the routes that show a copy of it. */
const changedPage = () =>
  Object.values(pair.after.manifest.routes)
    .filter((r) => r.path === pair.changed.path || r.aliasOf === pair.changed.path)
    .map((r) => r.path)
/** Files only the new version of the changed page loads. */
const newOnly = () => {
  const before = new Set(Object.values(pair.before.manifest.routes).flatMap((r) => r.assets.map((a) => a.file)))
  return pair.after.manifest.routes[pair.changed.path]!.assets.map((a) => a.file).filter((f) => !before.has(f))
}
const routeCount = () => Object.keys(pair.before.manifest.routes).length

describe('npm run deploy -- --to s3://…', () => {
  it('deploys, updates one page, purges exactly its URLs, verifies, rolls back and prunes with the grace period', async () => {
    const purged = join(pair.tmp, `${prefix}-purged.txt`)
    const live = ['--public-url', s3.publicUrl(prefix), ...purgeInto(purged), '--verify']

    // Step: a first deploy puts every route in the bucket, complete.
    const first = await deploy('--from', pair.before.dir)
    expect(first.code, first.stderr).toBe(0)
    expect([...(await servedVersionsS3(s3, prefix, [pair.before.manifest])).values()]).toEqual(Array(routeCount()).fill(0))

    // Step: one page, purged and verified at the public URL.
    const one = await deploy('--from', pair.after.dir, '--pages', pair.changed.name, ...live)
    expect(one.code, one.stderr).toBe(0)
    expect(one.stdout).toContain(`HTML switched: ${changedPage().join(', ')}`)
    expect(one.stdout).toMatch(/^Verified: \d+ pages?, \d+ files at .*: all match$/m)
    expect(read(purged)).toBe(purgeUrls(s3.publicUrl(prefix), changedPage()).join('\n') + '\n')
    const served = await servedVersionsS3(s3, prefix, [pair.before.manifest, pair.after.manifest])
    for (const [path, build] of served) expect([path, build]).toEqual([path, changedPage().includes(path) ? 1 : 0])

    // Step: the release record keeps the report.
    const release = JSON.parse(await currentInfo())
    expect(release.report).toMatchObject({
      routes: changedPage(),
      uploaded: { files: newOnly().length },
      purge: { urls: purgeUrls(s3.publicUrl(prefix), changedPage()), error: null },
      verify: { failures: [], rolledBack: [] },
    })

    // Step: roll the page back, purged and verified again.
    const back = await deploy('--rollback', '1', '--pages', pair.changed.name, ...live)
    expect(back.code, back.stderr).toBe(0)
    expect([...(await servedVersionsS3(s3, prefix, [pair.before.manifest])).keys()]).toHaveLength(routeCount())
    expect(read(purged).split('\n').filter(Boolean)).toHaveLength(2 * purgeUrls(s3.publicUrl(prefix), changedPage()).length)

    // Step: within the grace period (7 days by default) prune deletes no file.
    const within = await deploy('--prune', '--keep', '1')
    expect(within.code, within.stderr).toBe(0)
    expect(within.stdout).toContain('Deleted files: 0')
    for (const file of newOnly()) expect(await s3.object(prefix, file)).not.toBeNull()

    // Step: past a grace period of 1 s, the files only the rolled-back version loaded go.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const past = await deploy('--prune', '--keep', '1', '--grace', '1s')
    expect(past.code, past.stderr).toBe(0)
    // With the immutable HTML of the rolled-back release of each of those routes (docs/rollout.md).
    expect(past.stdout).toContain(`Deleted files: ${newOnly().length + changedPage().length}`)
    for (const file of newOnly()) expect(await s3.object(prefix, file)).toBeNull()
    expect([...(await servedVersionsS3(s3, prefix, [pair.before.manifest])).keys()]).toHaveLength(routeCount())
  })

  it('stores every file with the Content-Type, Cache-Control and sha256 of the Headers table, public/ files included', async () => {
    expect((await deploy('--from', pair.before.dir)).code).toBe(0)
    const m = pair.before.manifest
    const files = [...Object.values(m.routes).flatMap((r) => [r.html, ...r.assets]), ...m.other]
    const expected = (file: string) => (file.startsWith('assets/') ? IMMUTABLE : file.endsWith('.html') ? REVALIDATE : SHORT)
    for (const ref of new Map(files.map((f) => [f.file, f])).values()) {
      const object = (await s3.object(prefix, ref.file))!
      expect([ref.file, object.cacheControl, object.sha256, sha256(object.bytes)]).toEqual([
        ref.file,
        expected(ref.file),
        ref.sha256,
        ref.sha256,
      ])
    }
    expect(await s3.object(prefix, 'share-cover.png')).toMatchObject({ contentType: 'image/png', cacheControl: SHORT })
    expect(await s3.object(prefix, 'favicon.svg')).toMatchObject({ contentType: 'image/svg+xml', cacheControl: SHORT })
    expect((await s3.object(prefix, m.routes['/']!.html.file))!.contentType).toBe('text/html; charset=utf-8')
    // The immutable HTML of every page release, cached as an asset (docs/rollout.md).
    const immutable = Object.values(m.routes).map((r) => ({ file: releaseHtmlPath(r.name, r.release!), sha256: r.html.sha256 }))
    for (const ref of immutable) {
      const object = (await s3.object(prefix, ref.file))!
      expect([ref.file, object.cacheControl, object.contentType, sha256(object.bytes)]).toEqual([
        ref.file,
        IMMUTABLE,
        'text/html; charset=utf-8',
        ref.sha256,
      ])
    }
    // Nothing else but the release records, which stay private.
    const deployed = new Set([...files, ...immutable].map((f) => f.file))
    expect((await s3.keys(prefix)).filter((k) => !deployed.has(k) && !k.startsWith('.releases/'))).toEqual([])
  })

  it('puts the pages back, purges them again and exits 1 when the public URL does not serve a file', async () => {
    const purged = join(pair.tmp, `${prefix}-purged.txt`)
    expect((await deploy('--from', pair.before.dir)).code).toBe(0)
    // The CDN answers 404 for the new lazy chunk (the bucket has it).
    s3.faults.push({ method: 'GET', path: new RegExp(`^/${BUCKET}/${prefix}/assets/lazy-probe-[^/]+\\.js$`), status: 404 })
    const run = await deploy(
      '--from',
      pair.after.dir,
      '--pages',
      pair.changed.name,
      '--public-url',
      s3.publicUrl(prefix),
      ...purgeInto(purged),
      '--verify',
    )

    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      new RegExp(`verify failed at .*; put back to what was live before: ${changedPage().join(', ')} \\(release 0003-`),
    )
    expect(run.stderr).toMatch(/assets\/lazy-probe-[^ ]+\.js answered 404/)
    expect(run.stdout).toMatch(/^Verify FAILED/m)
    expect([...(await servedVersionsS3(s3, prefix, [pair.before.manifest])).keys()]).toHaveLength(routeCount())
    // Purged after the switch, and again after putting the pages back.
    const urls = purgeUrls(s3.publicUrl(prefix), changedPage())
    expect(read(purged)).toBe([...urls, ...urls].join('\n') + '\n')
    const list = await deploy('--list')
    expect(list.stdout.split('\n')[0]).toMatch(/^\* 0003-\S+\s+rollback .*\(from verify of 0002-/)
  })

  it('writes nothing on a dry run', async () => {
    expect((await deploy('--from', pair.before.dir)).code).toBe(0)
    const was = await s3.keys(prefix)
    const run = await deploy('--from', pair.after.dir, '--dry-run')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Dry run: nothing was written.')
    expect(await s3.keys(prefix)).toEqual(was)
  })

  it('leaves the AWS SDK out of every page’s bundle', () => {
    for (const file of listFiles(pair.after.dir).filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(join(pair.after.dir, file), 'utf8'), file).not.toMatch(/@aws-sdk\/|PutObjectCommand/)
    }
  })

  it('refuses an S3 target it has no region for, and writes no folder named s3:', async () => {
    const { AWS_REGION: _, ...env } = s3.env
    const run = await runDeploy(['--to', to(), '--from', pair.before.dir], { ...env, AWS_REGION: '', AWS_DEFAULT_REGION: '' })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(`--to ${to()}: set AWS_REGION (any value for an S3-compatible store that has no regions)`)
    expect(existsSync('s3:')).toBe(false)
  })

  it('refuses a target of an unknown scheme, writing nothing', async () => {
    const run = await runDeploy(['--to', 'gs://h5/site', '--from', pair.before.dir], s3.env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--to gs://h5/site: unknown target scheme "gs:"; give a directory or s3://<bucket>/<prefix>')
    expect(existsSync('gs:')).toBe(false)
  })
})

/** The release.json of the current release, as stored. */
async function currentInfo(): Promise<string> {
  const id = (await s3.object(prefix, '.releases/current'))!.bytes.toString().trim()
  return (await s3.object(prefix, `.releases/${id}/release.json`))!.bytes.toString()
}
