import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { releaseHtmlPath } from '../../common/rollout/document'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deploy } from '../../scripts/delivery/run/deploy'
import type { PagesManifest } from '../../scripts/delivery/manifest'
import { prune } from '../../scripts/delivery/run/prune'
import { listReleases } from '../../scripts/delivery/releases/records'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { servedVersions, snapshot } from './helpers/target-checks'

let pair: BuildPair
let target: string
let n = 0
beforeAll(() => {
  pair = buildPair()
})
afterAll(() => pair?.cleanup())
beforeEach(async () => {
  target = join(pair.tmp, `target-${n++}`)
  await deploy({ from: pair.before.dir, to: target })
})

const filesOf = (m: PagesManifest, paths = Object.keys(m.routes)) => new Set(paths.flatMap((p) => m.routes[p]!.assets.map((a) => a.file)))
/** Files only the old version of the changed page loads. */
const oldOnly = () => {
  const now = new Set([
    ...filesOf(pair.after.manifest, [pair.changed.path]),
    ...filesOf(
      pair.before.manifest,
      Object.keys(pair.before.manifest.routes).filter((p) => p !== pair.changed.path),
    ),
  ])
  const assets = [...filesOf(pair.before.manifest, [pair.changed.path])].filter((f) => !now.has(f))
  // And the immutable HTML of the page's old release (its copies' too): no kept release names it.
  const oldHtml = Object.values(pair.before.manifest.routes)
    .filter(
      (r) => (r.path === pair.changed.path || r.aliasOf === pair.changed.path) && r.release !== pair.after.manifest.routes[r.path]!.release,
    )
    .map((r) => releaseHtmlPath(r.name, r.release!))
  return [...assets, ...oldHtml].sort()
}

// graceMs: 0 — these tests are about --keep; the grace period has its own (s3.test.ts).
describe('prune --keep N', () => {
  it('keeps every asset that one of the last N releases uses', async () => {
    await deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name] })
    const was = snapshot(target)
    const result = await prune({ to: target, keep: 2, graceMs: 0 })
    expect(result.deletedFiles).toEqual([])
    expect(snapshot(target)).toEqual(was)
    // The old version of the page stays complete: release 1 is kept and can be rolled back to.
    for (const file of filesOf(pair.before.manifest, [pair.changed.path])) expect(existsSync(join(target, file))).toBe(true)
  })

  it('deletes exactly the assets only older releases used, and their records', async () => {
    await deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name] })
    expect(oldOnly().length).toBeGreaterThan(0)
    const result = await prune({ to: target, keep: 1, graceMs: 0 })

    expect(result.deletedFiles).toEqual(oldOnly())
    for (const file of oldOnly()) expect(existsSync(join(target, file))).toBe(false)
    expect(listReleases(target).map((r) => r.id)).toEqual(result.keptReleases)
    expect(servedVersions(target, [pair.before.manifest, pair.after.manifest]).size).toBe(Object.keys(pair.after.manifest.routes).length)
  })

  it('deletes nothing on a dry run', async () => {
    await deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name] })
    const was = snapshot(target, { withReleases: true })
    expect((await prune({ to: target, keep: 1, graceMs: 0, dryRun: true })).deletedFiles).toEqual(oldOnly())
    expect(snapshot(target, { withReleases: true })).toEqual(was)
  })

  it('never deletes the assets of a page that went live in a deploy cut short before it finished', async () => {
    const cut = () => {
      throw new Error('power cut after the HTML switch')
    }
    const interrupted = deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name], hooks: { afterHtml: cut } })
    await expect(interrupted).rejects.toThrow('power cut')
    // A later release that never mentions the changed page, then the most aggressive prune.
    const other = Object.values(pair.before.manifest.routes).find((r) => r.path !== pair.changed.path && !r.aliasOf)!
    await deploy({ from: pair.before.dir, to: target, pages: [other.name] })
    await prune({ to: target, keep: 1, graceMs: 0 })

    const served = servedVersions(target, [pair.before.manifest, pair.after.manifest])
    expect(served.get(pair.changed.path)).toBe(1)
  })

  it('refuses a keep below 1', async () => {
    await expect(prune({ to: target, keep: 0 })).rejects.toThrow(/--keep/)
  })
})
