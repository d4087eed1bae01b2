// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { releaseId, withReleaseMeta, withoutReleaseMeta } from '../../../scripts/build/release-id.ts'

const html = '<!doctype html><html><head><meta charset="UTF-8"><title>x</title></head><body></body></html>'
const react = { file: 'assets/react-1.js', sha256: 'a'.repeat(64), size: 10 }
const lazy = { file: 'assets/viewer-2.js', sha256: 'b'.repeat(64), size: 20, lazy: true as const }

describe("a page's release id", () => {
  it('is 12 hex characters, the same for the same HTML and files in any order', () => {
    expect(releaseId(html, [react, lazy])).toMatch(/^[0-9a-f]{12}$/)
    expect(releaseId(html, [lazy, react])).toBe(releaseId(html, [react, lazy]))
  })

  it('leaves its own meta out, so the stamped HTML gives the id it carries', () => {
    const id = releaseId(html, [react])
    expect(releaseId(withReleaseMeta(html, id), [react])).toBe(id)
  })

  it('changes with the HTML, with the bytes of any file the page loads, lazy ones included, and with a file added', () => {
    const id = releaseId(html, [react, lazy])
    expect(releaseId(html.replace('x', 'y'), [react, lazy])).not.toBe(id)
    expect(releaseId(html, [react, { ...lazy, sha256: 'c'.repeat(64) }])).not.toBe(id)
    expect(releaseId(html, [react])).not.toBe(id)
  })
})

describe('the release meta', () => {
  it('goes right after <meta charset>, before any script, and replaces an older one', () => {
    const once = withReleaseMeta(html, '0123456789ab')
    expect(once).toContain('<meta charset="UTF-8"><meta name="kids-release" content="0123456789ab"><title>')
    const again = withReleaseMeta(once, 'ba9876543210')
    expect(again.match(/kids-release/g)).toHaveLength(1)
    expect(withoutReleaseMeta(again)).toBe(html)
  })
})
