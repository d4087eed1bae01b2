import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diffManifests } from '../../scripts/delivery/diff'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { runCli } from './helpers/run-cli'

let pair: BuildPair
beforeAll(() => {
  pair = buildPair()
})
afterAll(() => pair?.cleanup())

/** Files of the changed page in the new build that the old build did not have. */
function newFilesOfChangedPage(): Set<string> {
  const old = new Set(Object.values(pair.before.manifest.routes).flatMap((r) => r.assets.map((a) => a.file)))
  return new Set(pair.after.manifest.routes[pair.changed.path]!.assets.map((a) => a.file).filter((f) => !old.has(f)))
}

describe('pages:diff between two builds that differ in one page', () => {
  it('names the changed page, and besides it only pages that share one of its new chunks', () => {
    const diff = diffManifests(pair.before.manifest, pair.after.manifest)
    const changed = diff.changed.map((c) => c.path)
    expect(changed).toContain(pair.changed.path)
    const shared = newFilesOfChangedPage()
    for (const c of diff.changed.filter((c) => c.path !== pair.changed.path)) {
      expect(
        c.addedAssets.some((a) => shared.has(a.file)),
        `${c.path} shares no changed chunk`,
      ).toBe(true)
    }
  })

  it('leaves out every page whose HTML and loaded files are byte-identical', () => {
    const diff = diffManifests(pair.before.manifest, pair.after.manifest)
    expect(diff.unchanged.length).toBeGreaterThan(0)
    for (const path of diff.unchanged) {
      const file = pair.before.manifest.routes[path]!.html.file
      expect(readFileSync(join(pair.after.dir, file))).toEqual(readFileSync(join(pair.before.dir, file)))
    }
  })

  it('lists the new assets the changed page needs, lazy ones included', () => {
    const diff = diffManifests(pair.before.manifest, pair.after.manifest)
    const page = diff.changed.find((c) => c.path === pair.changed.path)!
    expect(new Set(page.newAssets.map((a) => a.file))).toEqual(newFilesOfChangedPage())
    expect(page.newAssets.filter((a) => a.lazy).map((a) => a.file)).toContainEqual(expect.stringMatching(/lazy-probe-.+\.js$/))
  })

  it('gives a new release id to exactly the routes it lists, and the same id to every other one', () => {
    const diff = diffManifests(pair.before.manifest, pair.after.manifest)
    const newRelease = Object.keys(pair.after.manifest.routes).filter(
      (path) => pair.after.manifest.routes[path]!.release !== pair.before.manifest.routes[path]?.release,
    )
    expect(newRelease.sort()).toEqual(diff.changed.map((c) => c.path).sort())
    expect(diff.unchanged.every((path) => /^[0-9a-f]{12}$/.test(pair.after.manifest.routes[path]!.release ?? ''))).toBe(true)
  })

  it('reports no change between a build and itself', () => {
    expect(diffManifests(pair.after.manifest, pair.after.manifest).changed).toEqual([])
  })

  it('prints the changed routes and their new assets for people', () => {
    const { code, stdout } = runCli('pages-diff.ts', [pair.before.dir, join(pair.after.dir, 'pages-manifest.json')])
    expect(code).toBe(0)
    expect(stdout).toContain(`${pair.changed.path}  (${pair.changed.name})`)
    expect(stdout).toMatch(/\+ assets\/lazy-probe-.+\.js .*\(lazy\)\s+new/)
  })

  it('prints the same diff as JSON with --json', () => {
    const { code, stdout } = runCli('pages-diff.ts', [pair.before.dir, pair.after.dir, '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual(diffManifests(pair.before.manifest, pair.after.manifest))
  })

  it('exits 2 with the usage when given one argument', () => {
    const { code, stderr } = runCli('pages-diff.ts', [pair.before.dir])
    expect(code).toBe(2)
    expect(stderr).toContain('Usage: npm run pages:diff')
  })
})
