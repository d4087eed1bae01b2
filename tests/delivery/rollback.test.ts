import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deploy } from '../../scripts/delivery/run/deploy'
import { DeliveryError } from '../../scripts/delivery/errors'
import { prune } from '../../scripts/delivery/run/prune'
import { currentRelease } from '../../scripts/delivery/releases/records'
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

const htmlFile = () => pair.before.manifest.routes[pair.changed.path]!.html.file
const oldHtml = () => readFileSync(join(pair.before.dir, htmlFile()))

/** Release 1 serves the old build; release 2 the new version of the changed page. Returns release 1's id. */
async function deployBoth(): Promise<string> {
  const first = await deploy({ from: pair.before.dir, to: target })
  await deploy({ from: pair.after.dir, to: target, pages: [pair.changed.name] })
  return first.release!
}

describe('rollback', () => {
  it('restores the old page’s HTML from a kept release and changes no other file', async () => {
    const first = await deployBoth()
    const was = snapshot(target)
    const result = await rollback({ to: target, target: first, pages: [pair.changed.name] })

    expect(readFileSync(join(target, htmlFile()))).toEqual(oldHtml())
    expect(changedFiles(was, snapshot(target)).changed).toContain(htmlFile())
    expect(changedFiles(was, snapshot(target)).changed.every((f) => f.endsWith('index.html'))).toBe(true)
    expect(new Set(servedVersions(target, [pair.before.manifest]).keys()).size).toBe(Object.keys(pair.before.manifest.routes).length)
    expect(currentRelease(target)).toBe(result.release)
  })

  it('restores the versions a manifest file names', async () => {
    await deployBoth()
    await rollback({ to: target, target: join(pair.before.dir, 'pages-manifest.json') })
    expect(readFileSync(join(target, htmlFile()))).toEqual(oldHtml())
  })

  it('can roll forward again to the newer release', async () => {
    await deployBoth()
    const second = currentRelease(target)!
    await rollback({ to: target, target: '1', pages: [pair.changed.name] })
    await rollback({ to: target, target: second, pages: [pair.changed.name] })
    expect(readFileSync(join(target, htmlFile()))).toEqual(readFileSync(join(pair.after.dir, htmlFile())))
  })

  it('refuses, writing nothing, when no kept release has that version any more', async () => {
    await deployBoth()
    await deploy({ from: pair.after.dir, to: target })
    await prune({ to: target, keep: 1, graceMs: 0 })
    const was = snapshot(target, { withReleases: true })
    await expect(rollback({ to: target, target: pair.before.dir })).rejects.toThrow(DeliveryError)
    expect(snapshot(target, { withReleases: true })).toEqual(was)
  })

  it('is what npm run deploy -- --rollback <release> --pages does', async () => {
    await deployBoth()
    const run = runCli('deploy.ts', ['--to', target, '--rollback', '1', '--pages', pair.changed.name])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`${pair.changed.path} ← 0001-`))
    expect(readFileSync(join(target, htmlFile()))).toEqual(oldHtml())
  })
})
