/**
 * Issue 47, the deploy side (docs/deploying.md "Staged rollouts for the app", docs/rollout.md) on a
 * directory target: the immutable HTML of every page release, the signed rollout.json, and --canary,
 * --promote, --abort with their refusals, prune and a run killed in between.
 */
import { createPrivateKey } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { releaseHtmlPath, type RolloutDocument } from '../../common/rollout/document'
import { packageFileMismatch } from '../../common/rollout/package'
import { importRolloutPublicKey, verifyRollout } from '../../common/rollout/signature'
import type { ReleaseEvent } from '../../common/telemetry/health'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { currentRelease, listReleases } from '../../scripts/delivery/releases/records'
import { abort, deployCanary, promote } from '../../scripts/delivery/rollout/canary'
import { newKeyPair } from '../../scripts/delivery/rollout/sign'
import { deploy } from '../../scripts/delivery/run/deploy'
import { prune } from '../../scripts/delivery/run/prune'
import { rollback } from '../../scripts/delivery/run/rollback'
import { writeMiniBuild } from './helpers/mini-build'
import { runCli } from './helpers/run-cli'
import { serveDirectory, type StaticServer } from './helpers/static-server'

let tmp: string
let builds: { dir: string; manifest: PagesManifest }[]
let target: string
let n = 0
const pair = newKeyPair()
const rollout = { key: createPrivateKey(pair.privatePem) }
let told: Omit<ReleaseEvent, 'at'>[]
const tell = async (events: readonly Omit<ReleaseEvent, 'at'>[]) => {
  told.push(...events)
}

let site: StaticServer
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'kids-rollout-'))
  site = await serveDirectory(() => target)
  // Three builds of pages a and b: every page's release differs from one build to the next.
  builds = [0, 1, 2].map((i) => ({ dir: join(tmp, `build-${i}`), manifest: writeMiniBuild(join(tmp, `build-${i}`), ['a', 'b']) }))
})
afterAll(async () => {
  await site?.stop()
  rmSync(tmp, { recursive: true, force: true })
})
beforeEach(async () => {
  target = join(tmp, `target-${n++}`)
  told = []
  site.broken.clear()
  await deploy({ from: builds[0]!.dir, to: target, rollout })
})

const release = (build: number, path = '/a') => builds[build]!.manifest.routes[path]!.release!
const html = (path: string) => readFileSync(join(target, path.slice(1), 'index.html'))

/** The target's rollout.json, verified with the app's public key. */
async function document(): Promise<RolloutDocument> {
  return verifyRollout(readFileSync(join(target, 'rollout.json'), 'utf8'), await importRolloutPublicKey(pair.publicKey))
}

/** Every file each release of the document names is in the target with its size and SHA-256. */
async function expectReachable(doc: RolloutDocument): Promise<number> {
  let files = 0
  for (const r of Object.values(doc.routes)) {
    for (const ref of [r.stable, ...(r.canary ? [r.canary] : [])]) {
      for (const file of ref.files) {
        const there = join(target, file.path)
        expect(existsSync(there), file.path).toBe(true)
        expect(await packageFileMismatch(file, new Uint8Array(readFileSync(there)))).toBeNull()
        files++
      }
    }
  }
  return files
}

describe('rollout.json and the immutable HTML of every release', () => {
  it('a deploy with the key writes both; the document verifies and names what the target serves', async () => {
    const doc = await document()
    expect(doc.serial).toBe(1)
    expect(Object.keys(doc.routes)).toEqual(['/a', '/b'])
    expect(doc.routes['/a']!.stable).toMatchObject({ release: release(0), html: releaseHtmlPath('a', release(0)), minAppVersion: '1.0.0' })
    expect(doc.routes['/a']!.stable.files.map((f) => f.path)).toEqual([
      releaseHtmlPath('a', release(0)),
      builds[0]!.manifest.routes['/a']!.assets[0]!.file,
    ])
    // The immutable copy is the route's HTML, byte for byte.
    expect(readFileSync(join(target, releaseHtmlPath('a', release(0))))).toEqual(html('/a'))
    expect(await expectReachable(doc)).toBe(4)
  })

  it('serial grows by one with each document that says something new, and not for a run that changes nothing', async () => {
    await deploy({ from: builds[0]!.dir, to: target, rollout })
    expect((await document()).serial).toBe(1)
    await deploy({ from: builds[1]!.dir, to: target, pages: ['b'], rollout })
    expect((await document()).serial).toBe(2)
    await deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout })
    expect((await document()).serial).toBe(3)
    await abort({ to: target, rollout })
    expect((await document()).serial).toBe(4)
  })

  it('a target with a rollout.json refuses a run without the key, and a run with another key, before writing anything', async () => {
    const before = html('/b')
    await expect(deploy({ from: builds[1]!.dir, to: target, pages: ['b'] })).rejects.toThrow(
      /has a rollout\.json and this run has no signing key/,
    )
    await expect(rollback({ to: target, target: '1' })).rejects.toThrow(/no signing key/)
    const other = { key: createPrivateKey(newKeyPair().privatePem) }
    await expect(deploy({ from: builds[1]!.dir, to: target, pages: ['b'], rollout: other })).rejects.toThrow(
      /does not verify with this signing key/,
    )
    expect(html('/b')).toEqual(before)
    expect(existsSync(join(target, builds[1]!.manifest.routes['/b']!.assets[0]!.file))).toBe(false)
  })
})

describe('--canary, --promote, --abort', () => {
  it('a canary leaves the route’s bytes and live entry as they were and puts the new release in the document', async () => {
    const before = html('/a')
    const result = await deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout, tell })
    expect(result.canaries).toEqual([{ path: '/a', release: release(1), share: 20, stable: release(0) }])
    expect(html('/a')).toEqual(before)
    const doc = await document()
    expect(doc.routes['/a']!.stable.release).toBe(release(0))
    expect(doc.routes['/a']!.canary).toMatchObject({ release: release(1), share: 20, html: releaseHtmlPath('a', release(1)) })
    expect(doc.routes['/b']!.canary).toBeUndefined()
    expect(await expectReachable(doc)).toBe(6)
    expect(told).toEqual([{ route: '/a', release: release(1), kind: 'canary', run: currentRelease(target) }])
    // The release record says what the canary is; no new release was made for it.
    expect(listReleases(target)).toHaveLength(1)
    expect(listReleases(target)[0]!.canaries?.['/a']).toMatchObject({ share: 20, entry: { release: release(1) } })
  })

  it('refuses a plain deploy of a page on canary, and another --canary replaces it', async () => {
    await deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout })
    await expect(deploy({ from: builds[2]!.dir, to: target, pages: ['a'], rollout })).rejects.toThrow(
      `refusing: /a (release ${release(1)} to 20 % of app devices) has a canary; --promote or --abort it first, or deploy a new --canary to replace it`,
    )
    await expect(deploy({ from: builds[2]!.dir, to: target, rollout })).rejects.toThrow(/has a canary/)
    // Another page deploys as usual, and its canary stays.
    await deploy({ from: builds[2]!.dir, to: target, pages: ['b'], rollout })
    expect((await document()).routes['/a']!.canary?.release).toBe(release(1))
    told = []
    const again = await deployCanary({ from: builds[2]!.dir, to: target, pages: ['a'], share: 50, rollout, tell })
    expect(again.canaries[0]).toMatchObject({ release: release(2), replaced: release(1), share: 50 })
    expect((await document()).routes['/a']!.canary).toMatchObject({ release: release(2), share: 50 })
    expect(told.map((e) => `${e.kind} ${e.release}`)).toEqual([`aborted ${release(1)}`, `canary ${release(2)}`])
  })

  it('--promote switches the route to the canary release as a deploy does, and the document follows', async () => {
    await deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout })
    told = []
    const result = await promote({ to: target, rollout, tell })
    expect(result.promoted.map((p) => p.release)).toEqual([release(1)])
    expect(html('/a')).toEqual(readFileSync(join(builds[1]!.dir, 'a/index.html')))
    const doc = await document()
    expect(doc.routes['/a']).toEqual({ stable: expect.objectContaining({ release: release(1) }) })
    expect(await expectReachable(doc)).toBe(4)
    expect(told).toEqual([{ route: '/a', release: release(1), kind: 'live', run: result.release }])
    const [latest] = listReleases(target)
    expect(latest).toMatchObject({ id: currentRelease(target), kind: 'deploy', switched: ['/a'] })
    expect(latest!.canaries).toBeUndefined()
    await expect(promote({ to: target, rollout })).rejects.toThrow(/--promote: .* has no canary/)
  })

  it('--abort takes the canary out of the document only; --pages limits it', async () => {
    await deployCanary({ from: builds[1]!.dir, to: target, pages: ['a', 'b'], share: 5, rollout })
    const before = html('/a')
    told = []
    const result = await abort({ to: target, pages: ['a'], rollout, tell, notice: () => {} })
    expect(result.aborted.map((a) => a.path)).toEqual(['/a'])
    expect(html('/a')).toEqual(before)
    const doc = await document()
    expect(doc.routes['/a']!.canary).toBeUndefined()
    expect(doc.routes['/b']!.canary?.release).toBe(release(1, '/b'))
    expect(told).toEqual([{ route: '/a', release: release(1), kind: 'aborted', run: currentRelease(target) }])
    await expect(abort({ to: target, pages: ['a'], rollout })).rejects.toThrow('--abort: no canary for a (on canary: /b)')
  })

  it('--verify checks what the app downloads at the public URL before any device is told; --purge clears rollout.json from the CDN', async () => {
    const purged = join(tmp, `purged-${n}.txt`)
    const cdn = { publicUrl: site.url, purge: `cat >> '${purged}'` }
    const before = await document()
    // The CDN does not serve the canary's immutable HTML: nothing is published, nothing kept of it.
    site.broken.add(`/${releaseHtmlPath('a', release(1))}`)
    await expect(
      deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout, ...cdn, verify: true }),
    ).rejects.toThrow(
      new RegExp(
        `^verify failed at ${site.url}: the canary was not published \\(rollout\\.json unchanged, no app device gets it\\)\n  /a: .*${release(1)}\\.html answered 404$`,
      ),
    )
    expect(await document()).toEqual(before)
    expect(listReleases(target)[0]!.canaries).toBeUndefined()
    expect(existsSync(purged)).toBe(false)
    // Served: published, and rollout.json purged once it is written.
    site.broken.clear()
    const result = await deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout, ...cdn, verify: true })
    expect(result.canaries.map((c) => c.release)).toEqual([release(1)])
    expect((await document()).routes['/a']!.canary?.release).toBe(release(1))
    expect(readFileSync(purged, 'utf8')).toBe(`${site.url}/rollout.json\n`)
    // An abort purges it again.
    await abort({ to: target, rollout, ...cdn, notice: () => {} })
    expect(readFileSync(purged, 'utf8')).toBe(`${site.url}/rollout.json\n`.repeat(2))
  })

  it('a rollback of a page on canary drops the canary', async () => {
    await deploy({ from: builds[1]!.dir, to: target, pages: ['a'], rollout })
    await deployCanary({ from: builds[2]!.dir, to: target, pages: ['a'], share: 20, rollout })
    await rollback({ to: target, target: '1', pages: ['a'], rollout, notice: () => {} })
    expect(html('/a')).toEqual(readFileSync(join(builds[0]!.dir, 'a/index.html')))
    const doc = await document()
    expect(doc.routes['/a']).toEqual({ stable: expect.objectContaining({ release: release(0) }) })
    expect(listReleases(target)[0]!.canaries).toBeUndefined()
  })

  it('refuses a canary without the key, of a page not live, of the stable release itself, and shares outside 1–100', async () => {
    await expect(deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20 })).rejects.toThrow(
      /a canary needs the rollout signing key/,
    )
    await expect(deployCanary({ from: builds[0]!.dir, to: target, pages: ['a'], share: 20, rollout })).rejects.toThrow(
      `/a already serves release ${release(0)} to everyone`,
    )
    for (const share of [0, 101, 2.5]) {
      await expect(deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share, rollout })).rejects.toThrow(
        /give a whole percentage/,
      )
    }
    const c = writeMiniBuild(join(tmp, `build-c-${n}`), ['c'])
    await expect(deployCanary({ from: join(tmp, `build-c-${n}`), to: target, pages: ['c'], share: 20, rollout })).rejects.toThrow(
      `${c.routes['/c']!.path} is not live`,
    )
  })

  it('a canary with --watch asks the health API first: one that does not answer refuses the canary before anything is written', async () => {
    const doc = await document()
    const watch = { health: 'http://127.0.0.1:9', forMs: 60_000, everyMs: 2_000 }
    await expect(deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout, watch })).rejects.toThrow(
      /nothing was deployed/,
    )
    expect(await document()).toEqual(doc)
    expect(listReleases(target)[0]!.canaries).toBeUndefined()
    expect(existsSync(join(target, builds[1]!.manifest.routes['/a']!.assets[0]!.file))).toBe(false)
  })

  it('the command line refuses --canary 0, --canary 101, --canary without --pages, --promote with no canary', () => {
    const cli = (...args: string[]) => runCli('deploy.ts', ['--to', target, ...args])
    expect(cli('--from', builds[1]!.dir, '--canary', '0', '--pages', 'a').stderr).toContain(
      '--canary 0: give a whole percentage of app devices, 1 to 100',
    )
    expect(cli('--from', builds[1]!.dir, '--canary', '101', '--pages', 'a').stderr).toContain('--canary 101: give a whole percentage')
    const noPages = cli('--from', builds[1]!.dir, '--canary', '20')
    expect([noPages.code, noPages.stderr]).toEqual([2, expect.stringContaining('--canary needs --pages')])
    const promoteNone = runCli('deploy.ts', ['--to', target, '--promote'])
    // No key in this environment: the target's rollout.json refuses first, in one line.
    expect(promoteNone.code).toBe(1)
    expect(promoteNone.stderr.trim().split('\n')).toHaveLength(1)
    expect(promoteNone.stderr).toMatch(/has a rollout\.json and this run has no signing key/)
  })
})

describe('prune and a run killed in between', () => {
  it('prune keeps the canary’s files and every immutable HTML the document names, and deletes them once nothing names them', async () => {
    await deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout })
    const canaryFiles = [releaseHtmlPath('a', release(1)), builds[1]!.manifest.routes['/a']!.assets[0]!.file]
    await prune({ to: target, keep: 1, graceMs: 0 })
    for (const f of canaryFiles) expect(existsSync(join(target, f)), f).toBe(true)
    expect(await expectReachable(await document())).toBe(6)
    await abort({ to: target, rollout, notice: () => {} })
    const pruned = await prune({ to: target, keep: 1, graceMs: 0 })
    expect(pruned.deletedFiles).toEqual([...canaryFiles].sort())
    expect(await expectReachable(await document())).toBe(4)
  })

  it('a promote killed after the switch leaves a document that still verifies and names files that exist; the next run corrects it', async () => {
    await deployCanary({ from: builds[1]!.dir, to: target, pages: ['a'], share: 20, rollout })
    const cut = () => {
      throw new Error('power cut after the HTML switch')
    }
    await expect(promote({ to: target, rollout, hooks: { afterHtml: cut } })).rejects.toThrow('power cut')
    const stale = await document()
    expect(stale.routes['/a']).toMatchObject({ stable: { release: release(0) }, canary: { release: release(1) } })
    await expectReachable(stale)
    // The next run (here a canary of another page) describes what is served: /a is on release 1 for everyone.
    await deployCanary({ from: builds[1]!.dir, to: target, pages: ['b'], share: 10, rollout, notice: () => {} })
    const doc = await document()
    expect(doc.serial).toBe(stale.serial + 1)
    expect(doc.routes['/a']).toEqual({ stable: expect.objectContaining({ release: release(1) }) })
    expect(doc.routes['/b']!.canary?.release).toBe(release(1, '/b'))
    // The current record (the killed promote's own record is newer, and not current) keeps /b's only.
    expect(Object.keys(listReleases(target).find((r) => r.id === currentRelease(target))!.canaries ?? {})).toEqual(['/b'])
    // And /a is no longer on canary: a plain deploy of it goes ahead.
    await deploy({ from: builds[2]!.dir, to: target, pages: ['a'], rollout, notice: () => {} })
    expect((await document()).routes['/a']!.stable.release).toBe(release(2))
    await expectReachable(doc)
  })
})
