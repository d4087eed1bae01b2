import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deploy } from '../../scripts/delivery/run/deploy'
import { DeliveryError } from '../../scripts/delivery/errors'
import { prune } from '../../scripts/delivery/run/prune'
import { purgeUrls } from '../../scripts/delivery/run/purge'
import { listReleases } from '../../scripts/delivery/releases/records'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { writeMiniBuild } from './helpers/mini-build'
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

describe('a run killed after switching some pages', () => {
  /** Build a deployed, then build b's run killed once /r1 and /r2 are switched (before purging or verifying). */
  async function killedAfterTwo() {
    const [a, b] = ['mini-a', 'mini-b'].map((name) => join(pair.tmp, `${name}-${n}`))
    const builds = [writeMiniBuild(a!, ['r1', 'r2', 'r3']), writeMiniBuild(b!, ['r1', 'r2', 'r3'])]
    await deploy({ from: a!, to: target })
    let switched = 0
    const kill = () => {
      if (++switched === 2) throw new Error('killed')
    }
    await expect(deploy({ from: b!, to: target, hooks: { afterHtml: kill } })).rejects.toThrow('killed')
    return { b: b!, builds, dead: listReleases(target)[0]! }
  }

  it('leaves them to the next run, which purges and verifies them with its own, and records what the killed run really switched', async () => {
    const { b, dead } = await killedAfterTwo()
    expect([dead.state, dead.switched]).toEqual(['running', ['/r1', '/r2', '/r3']])

    // Step: the same command again switches /r3, and purges and verifies all three.
    const purged = join(pair.tmp, `purged-${n}.txt`)
    const result = await deploy({ from: b, to: target, publicUrl: site.url, purge: purgeInto(purged), verify: true })
    expect(result.switched).toEqual(['/r3'])
    expect(readFileSync(purged, 'utf8').split('\n').filter(Boolean)).toEqual(purgeUrls(site.url, ['/r3', '/r1', '/r2']))
    expect(result.report?.verify).toMatchObject({ pages: 3, failures: [] })
    expect(result.report?.carried).toEqual([{ release: dead.id, routes: ['/r1', '/r2'] }])

    // Step: the killed run's record says what it did, and who found it.
    const [now, then] = listReleases(target)
    expect(now!.state).toBeUndefined()
    expect(then).toMatchObject({
      id: dead.id,
      state: 'interrupted',
      switched: ['/r1', '/r2'],
      interrupted: { foundBy: now!.id, notSwitched: ['/r3'] },
    })
  })

  it('puts such a page back to what it served before the killed run when its public URL fails it', async () => {
    const { b, builds, dead } = await killedAfterTwo()
    site.broken.add(`/${builds[1]!.routes['/r1']!.assets[0]!.file}`)
    const run = deploy({ from: b, to: target, publicUrl: site.url, verify: true })
    await expect(run).rejects.toThrow(/verify failed at .*; put back to what was live before: \/r1 \(release 0004-/)
    expect([...servedVersions(target, builds)]).toEqual([
      ['/r1', 0],
      ['/r2', 1],
      ['/r3', 1],
    ])
    expect(listReleases(target).find((r) => r.id === dead.id)?.state).toBe('interrupted')
  })
})
