import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { releaseHtmlPath } from '../../common/rollout/document'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deploy } from '../../scripts/delivery/run/deploy'
import { DeliveryError } from '../../scripts/delivery/errors'
import { sha256 } from '../../scripts/delivery/hash'
import { loadManifest, stringifyManifest, type PagesManifest } from '../../scripts/delivery/manifest'
import { currentRelease, listReleases } from '../../scripts/delivery/releases/records'
import { rollback } from '../../scripts/delivery/run/rollback'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { runCli } from './helpers/run-cli'
import { changedFiles, servedVersions, snapshot } from './helpers/target-checks'

let pair: BuildPair
let target: string
let n = 0
beforeAll(() => {
  pair = buildPair()
})
afterAll(() => pair?.cleanup())
beforeEach(() => {
  target = join(pair.tmp, `target-${n++}`)
})

/** Paths of the changed route and the routes that show a copy of it. */
const changedPage = () =>
  Object.values(pair.after.manifest.routes)
    .filter((r) => r.path === pair.changed.path || r.aliasOf === pair.changed.path)
    .map((r) => r.path)

describe('deploy', () => {
  it('publishes every route of a build with every file it loads', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const served = servedVersions(target, [pair.before.manifest])
    expect([...served.keys()].sort()).toEqual(Object.keys(pair.before.manifest.routes).sort())
  })

  it('with --pages switches only those pages’ HTML and changes no other file', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const was = snapshot(target)
    const result = await deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name] })
    const diff = changedFiles(was, snapshot(target))

    const htmlOf = (path: string) => pair.after.manifest.routes[path]!.html.file
    expect(result.switched).toEqual(changedPage())
    expect(diff.changed).toEqual(changedPage().map(htmlOf).sort())
    expect(diff.removed).toEqual([])
    // New: the page's assets and the immutable HTML of its new release (and of its copies', docs/rollout.md).
    const immutable = changedPage().map((p) =>
      releaseHtmlPath(pair.after.manifest.routes[p]!.name, pair.after.manifest.routes[p]!.release!),
    )
    expect(diff.added.filter((f) => f.startsWith('_releases/')).sort()).toEqual(immutable.sort())
    expect(
      diff.added
        .filter((f) => !f.startsWith('_releases/'))
        .every((f) => pair.after.manifest.routes[pair.changed.path]!.assets.some((a) => a.file === f)),
    ).toBe(true)
    const served = servedVersions(target, [pair.before.manifest, pair.after.manifest])
    for (const [path, build] of served) expect([path, build]).toEqual([path, changedPage().includes(path) ? 1 : 0])
  })

  it('keeps the old entries of the other routes in the target’s manifest', async () => {
    await deploy({ from: pair.before.dir, to: target })
    await deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name] })
    const release = JSON.parse(readFileSync(join(target, '.releases', currentRelease(target)!, 'pages-manifest.json'), 'utf8'))
    for (const [path, route] of Object.entries(pair.before.manifest.routes)) {
      expect(release.routes[path]).toEqual(changedPage().includes(path) ? pair.after.manifest.routes[path] : route)
    }
  })

  it('writes nothing on a dry run', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const was = snapshot(target, { withReleases: true })
    const result = await deploy({ from: pair.after.dir, to: target, dryRun: true })
    expect(result.copy.length).toBeGreaterThan(0)
    expect(snapshot(target, { withReleases: true })).toEqual(was)
  })

  it('refuses, before writing anything, to replace an existing asset that has other bytes', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const shared = pair.after.manifest.routes[pair.changed.path]!.assets.find((a) => /react-/.test(a.file))!
    writeFileSync(join(target, shared.file), 'tampered')
    const was = snapshot(target, { withReleases: true })
    await expect(deploy({ from: pair.after.dir, to: target })).rejects.toThrow(DeliveryError)
    expect(snapshot(target, { withReleases: true })).toEqual(was)
  })

  it('refuses a page the build does not have', async () => {
    await expect(deploy({ from: pair.after.dir, to: target, pages: ['no_such_page'] })).rejects.toThrow(/unknown page no_such_page/)
  })

  it('records no new release when the target already serves the build', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const result = await deploy({ from: pair.before.dir, to: target })
    expect(result.release).toBeNull()
    expect(listReleases(target)).toHaveLength(1)
  })
})

describe('a deploy cut short between the assets and the HTML', () => {
  it('leaves every route serving a complete old or new version', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const plan = await deploy({ from: pair.after.dir, to: target, dryRun: true })
    // Cut in the middle of the HTML switch when there is a middle, else right before the first HTML.
    const cutAt = Math.min(2, plan.switched.length)
    let switches = 0
    const cut = () => {
      if (++switches === cutAt) throw new Error('power cut')
    }
    await expect(deploy({ from: pair.after.dir, to: target, hooks: { beforeHtml: cut } })).rejects.toThrow('power cut')

    const served = servedVersions(target, [pair.before.manifest, pair.after.manifest])
    expect(served.size).toBe(Object.keys(pair.before.manifest.routes).length)
    const onNew = [...served].filter(([path, build]) => build === 1 && plan.switched.includes(path)).map(([path]) => path)
    expect(onNew).toEqual(plan.switched.slice(0, cutAt - 1))
  })

  it('is completed by the next deploy', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const cut = () => {
      throw new Error('power cut')
    }
    await expect(deploy({ from: pair.after.dir, to: target, hooks: { beforeHtml: cut } })).rejects.toThrow('power cut')
    await deploy({ from: pair.after.dir, to: target })
    expect(servedVersions(target, [pair.after.manifest]).size).toBe(Object.keys(pair.after.manifest.routes).length)
  })

  it('does not fool the next deploy when it stopped after switching a page', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const cut = () => {
      throw new Error('power cut after the HTML switch')
    }
    await expect(deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name], hooks: { afterHtml: cut } })).rejects.toThrow(
      'power cut',
    )
    // The page went live although `current` still names the first release: redeploying the old page must switch it back.
    const result = await deploy({ from: pair.before.dir, to: target, pages: [pair.changed.name] })
    expect(result.switched).toContain(pair.changed.path)
    expect(servedVersions(target, [pair.before.manifest]).get(pair.changed.path)).toBe(0)
  })
})

describe('npm run deploy', () => {
  it('deploys the named pages and lists the release as current', () => {
    expect(runCli('deploy.ts', ['--to', target, '--from', pair.before.dir]).code).toBe(0)
    const run = runCli('deploy.ts', ['--to', target, '--from', pair.after.dir, '--pages', pair.changed.name])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain(`HTML switched: ${changedPage().join(', ')}`)
    const list = runCli('deploy.ts', ['--to', target, '--list'])
    expect(list.stdout.split('\n')[0]).toMatch(new RegExp(`^\\* 0002-\\S+\\s+deploy\\s+${pair.changed.path}`))
  })

  it('exits 1 with the reason when it refuses', () => {
    const run = runCli('deploy.ts', ['--to', target, '--from', pair.after.dir, '--pages', 'no_such_page'])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('unknown page no_such_page')
  })
})

/** A copy of `build` whose public/ file `file` has other bytes (its manifest entries updated), as after editing it. */
function withChangedPublicFile(build: string, file: string): { dir: string; manifest: PagesManifest; bytes: Buffer } {
  const dir = join(pair.tmp, `changed-public-${n}`)
  cpSync(build, dir, { recursive: true })
  const bytes = Buffer.from(`${readFileSync(join(dir, file), 'utf8')}<!-- changed -->\n`)
  writeFileSync(join(dir, file), bytes)
  const manifest = loadManifest(dir)
  for (const ref of [...Object.values(manifest.routes).flatMap((r) => r.assets), ...manifest.other]) {
    if (ref.file === file) Object.assign(ref, { sha256: sha256(bytes), size: bytes.length })
  }
  writeFileSync(join(dir, 'pages-manifest.json'), stringifyManifest(manifest))
  return { dir, manifest, bytes }
}

describe('a changed file of public/ (favicon.svg)', () => {
  it('is replaced by a full deploy', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const changed = withChangedPublicFile(pair.before.dir, 'favicon.svg')
    const result = await deploy({ from: changed.dir, to: target })
    expect(result.replaced.map((a) => a.file)).toEqual(['favicon.svg'])
    expect(readFileSync(join(target, 'favicon.svg'))).toEqual(changed.bytes)
    expect(servedVersions(target, [changed.manifest]).size).toBe(Object.keys(changed.manifest.routes).length)
  })

  it('is left as it is by a --pages deploy, which goes on and records what the target serves', async () => {
    await deploy({ from: pair.before.dir, to: target })
    const was = readFileSync(join(target, 'favicon.svg'))
    const changed = withChangedPublicFile(pair.after.dir, 'favicon.svg')
    const result = await deploy({ from: changed.dir, to: target, pages: [pair.changed.name] })
    expect(result.switched).toEqual(changedPage())
    expect(result.publicLeft.map((a) => a.file)).toEqual(['favicon.svg'])
    expect(readFileSync(join(target, 'favicon.svg'))).toEqual(was)
    const recorded = JSON.parse(
      readFileSync(join(target, '.releases', currentRelease(target)!, 'pages-manifest.json'), 'utf8'),
    ) as PagesManifest
    expect(recorded.routes[pair.changed.path]!.assets.find((a) => a.file === 'favicon.svg')!.sha256).toBe(sha256(was))
  })

  it('does not stop a rollback to a release that had the old one', async () => {
    const first = await deploy({ from: pair.before.dir, to: target })
    await deploy({ from: withChangedPublicFile(pair.after.dir, 'favicon.svg').dir, to: target })
    const back = await rollback({ to: target, target: first.release!, pages: [pair.changed.name] })
    expect(back.restored.map((r) => r.path)).toEqual(changedPage())
    const html = pair.before.manifest.routes[pair.changed.path]!.html.file
    expect(readFileSync(join(target, html))).toEqual(readFileSync(join(pair.before.dir, html)))
  })
})
