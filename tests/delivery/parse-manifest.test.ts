import { describe, expect, it } from 'vitest'
import { DeliveryError } from '../../scripts/delivery/errors'
import { parseManifest } from '../../scripts/delivery/manifest'

const hash = 'a'.repeat(64)
const withHtmlFile = (file: string) =>
  JSON.stringify({
    version: 1,
    routes: { '/x': { path: '/x', name: 'x', html: { file, sha256: hash, size: 1 }, assets: [] } },
    other: [],
  })

describe('parseManifest', () => {
  it('accepts a well-formed manifest', () => {
    expect(parseManifest(withHtmlFile('x/index.html'), 'm.json').routes['/x']?.html.file).toBe('x/index.html')
  })

  it.each(['../x/index.html', '/etc/index.html', 'x/../../index.html', '.releases/0001/index.html', 'x\\..\\index.html'])(
    'refuses a file path that leaves the target: %s',
    (file) => {
      expect(() => parseManifest(withHtmlFile(file), 'm.json')).toThrow(DeliveryError)
    },
  )

  it('takes a route release of 12 hex characters, and refuses any other', () => {
    const withRelease = (release: unknown) =>
      withHtmlFile('x/index.html').replace('"assets":[]', `"assets":[],"release":${JSON.stringify(release)}`)
    expect(parseManifest(withRelease('0123456789ab'), 'm.json').routes['/x']?.release).toBe('0123456789ab')
    expect(() => parseManifest(withRelease('<script>'), 'm.json')).toThrow('route /x is malformed')
    expect(() => parseManifest(withRelease(12), 'm.json')).toThrow(DeliveryError)
  })

  it('refuses JSON that is not a version-1 manifest', () => {
    expect(() => parseManifest('{"version":2,"routes":{},"other":[]}', 'm.json')).toThrow('not a version-1 pages manifest')
    expect(() => parseManifest('<html>', 'm.json')).toThrow('is not JSON')
  })
})
