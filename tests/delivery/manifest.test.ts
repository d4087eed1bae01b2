import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { releaseId, withoutReleaseMeta } from '../../scripts/build/release-id'
import { listFiles } from '../../scripts/delivery/asset-graph'
import { sha256 } from '../../scripts/delivery/hash'
import { htmlRefs } from '../../scripts/delivery/html-refs'
import { buildPair, type BuildPair } from './helpers/build-pair'

let pair: BuildPair
beforeAll(() => {
  pair = buildPair()
})
afterAll(() => pair?.cleanup())

describe('dist/pages-manifest.json written by the build', () => {
  it('lists every HTML file of the build as a route', () => {
    const { dir, manifest } = pair.after
    const htmlOnDisk = listFiles(dir).filter((f) => f.endsWith('index.html'))
    expect(
      Object.values(manifest.routes)
        .map((r) => r.html.file)
        .sort(),
    ).toEqual(htmlOnDisk)
  })

  it('records the sha256 and size of the bytes on disk for every file', () => {
    const { dir, manifest } = pair.after
    const refs = Object.values(manifest.routes)
      .flatMap((r) => [r.html, ...r.assets])
      .concat(manifest.other)
    for (const ref of refs) {
      const bytes = readFileSync(join(dir, ref.file))
      expect({ file: ref.file, sha256: ref.sha256, size: ref.size }).toEqual({
        file: ref.file,
        sha256: sha256(bytes),
        size: bytes.byteLength,
      })
    }
  })

  it('lists every file a page references from its HTML as a non-lazy asset', () => {
    const { dir, manifest } = pair.after
    for (const route of Object.values(manifest.routes)) {
      const html = readFileSync(join(dir, route.html.file), 'utf8')
      const eager = route.assets.filter((a) => !a.lazy).map((a) => a.file)
      const referenced = htmlRefs(html, route.html.file).filter((f) => listFiles(dir).includes(f))
      expect(referenced.length).toBeGreaterThan(0)
      expect(eager).toEqual(expect.arrayContaining(referenced))
    }
  })

  it('marks a dynamic-import chunk lazy and lists its CSS and the images from its JS and CSS', () => {
    const route = pair.after.manifest.routes[pair.changed.path]!
    const lazy = route.assets.filter((a) => a.lazy).map((a) => a.file)
    expect(lazy).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^assets\/lazy-probe-.+\.js$/),
        expect.stringMatching(/^assets\/lazy-probe-.+\.css$/),
        expect.stringMatching(/^assets\/probe-picture-.+\.png$/),
        expect.stringMatching(/^assets\/probe-backdrop-.+\.png$/),
      ]),
    )
  })

  it('lists the shared React chunk for every page', () => {
    for (const route of Object.values(pair.after.manifest.routes)) {
      expect(route.assets.map((a) => a.file)).toContainEqual(expect.stringMatching(/^assets\/react-.+\.js$/))
    }
  })

  it('accounts for every file of the build in a route or in "other"', () => {
    const { dir, manifest } = pair.after
    const listed = new Set(
      Object.values(manifest.routes)
        .flatMap((r) => [r.html.file, ...r.assets.map((a) => a.file)])
        .concat(manifest.other.map((a) => a.file)),
    )
    expect(listFiles(dir).filter((f) => f !== 'pages-manifest.json' && !listed.has(f))).toEqual([])
  })

  it("gives every route a release of its HTML and files, and writes it into that HTML's kids-release meta", () => {
    const { dir, manifest } = pair.after
    for (const route of Object.values(manifest.routes)) {
      const html = readFileSync(join(dir, route.html.file), 'utf8')
      const meta = /<meta name="kids-release" content="([0-9a-f]{12})">/.exec(html)?.[1]
      expect([route.path, meta]).toEqual([route.path, route.release])
      expect(releaseId(withoutReleaseMeta(html), route.assets)).toBe(route.release)
    }
  })
})
