import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deploy } from '../../scripts/delivery/run/deploy'
import { DeliveryError } from '../../scripts/delivery/errors'
import { prune } from '../../scripts/delivery/run/prune'
import { purgeUrls } from '../../scripts/delivery/run/purge'
import { listReleases } from '../../scripts/delivery/releases/records'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { serveDirectory, type StaticServer } from './helpers/static-server'
import { servedVersions } from './helpers/target-checks'

let pair: BuildPair
let site: StaticServer
let target: string
let n = 0
beforeAll(async () => {
  pair = buildPair()
  site = await serveDirectory(() => target)
})
afterAll(async () => {
  await site?.stop()
  pair?.cleanup()
})
beforeEach(() => {
  target = join(pair.tmp, `target-${n++}`)
  site.broken.clear()
})

/** Paths of the changed route and the routes that show a copy of it. */
const changedPage = () =>
  Object.values(pair.after.manifest.routes)
    .filter((r) => r.path === pair.changed.path || r.aliasOf === pair.changed.path)
    .map((r) => r.path)
const purgeInto = (file: string) => `cat >> '${file}'`

describe('a directory target behind a web server', () => {
  it('purges exactly the switched pages’ URLs and verifies them at the public URL', async () => {
    const purged = join(pair.tmp, `purged-${n}.txt`)
    await deploy({ from: pair.before.dir, to: target })
    const result = await deploy({
      from: pair.after.dir,
      to: target,
      pages: [pair.changed.name],
      publicUrl: site.url,
      purge: purgeInto(purged),
      verify: true,
    })
    expect(readFileSync(purged, 'utf8')).toBe(purgeUrls(site.url, changedPage()).join('\n') + '\n')
    expect(result.report?.verify).toMatchObject({ pages: changedPage().length, failures: [], warnings: [] })
    expect(listReleases(target)[0]!.report?.verify?.failures).toEqual([])
  })

  it('puts a page back to what was live and refuses when its public URL lacks one of its files', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const lazy = pair.after.manifest.routes[pair.changed.path]!.assets.find((a) => /lazy-probe-.+\.js$/.test(a.file))!
    site.broken.add(`/${lazy.file}`)
    const run = deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name], publicUrl: site.url, verify: true })
    await expect(run).rejects.toThrow(DeliveryError)
    await expect(run).rejects.toThrow(`${site.url}/${lazy.file} answered 404`)
    const served = servedVersions(target, [pair.before.manifest, pair.after.manifest])
    expect([...served.values()]).toEqual([...served.keys()].map(() => 0))
    expect(listReleases(target).map((r) => r.kind)).toEqual(['rollback', 'deploy', 'deploy'])
  })

  it('keeps, when pruning, the assets of a release live within the grace period', async () => {
    await deploy({ from: pair.before.dir, to: target })
    await deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name] })
    const within = await prune({ to: target, keep: 1 })
    expect(within.deletedFiles).toEqual([])
    expect(within.inGrace.map((g) => g.id)).toEqual([listReleases(target)[1]!.id])
    // An hour later, with a grace of 30 minutes, they go.
    const past = await prune({ to: target, keep: 1, graceMs: 30 * 60_000, now: new Date(Date.now() + 3_600_000) })
    expect(past.deletedFiles.length).toBeGreaterThan(0)
    expect(servedVersions(target, [pair.before.manifest, pair.after.manifest]).size).toBe(Object.keys(pair.after.manifest.routes).length)
  })
})
