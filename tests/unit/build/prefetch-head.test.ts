/** scripts/prerender/prefetch.ts: where the early-request script goes in a built page's <head>. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import sharePage from '../../../pages/recorded_share/page'
import listPage from '../../../pages/generate_book/list/page'
import { addToHead, keepsReplies, paintsFromReply } from '../../../scripts/prerender/prefetch'

const HEAD =
  '<head><meta charset="UTF-8"><title>t</title>' +
  '<script type="module" crossorigin src="/assets/main.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="stylesheet" href="/assets/a.css">' +
  '</head><body></body>'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = ''
})

function page(html: string): string {
  dir = mkdtempSync(join(tmpdir(), 'prefetch-head-'))
  const file = join(dir, 'index.html')
  writeFileSync(file, html)
  return file
}

describe('addToHead', () => {
  it('puts the script before the module script and its modulepreload links', () => {
    const file = page(HEAD)
    expect(addToHead(file, '<script>early()</script>')).toBe(true)
    const html = readFileSync(file, 'utf8')
    expect(html.indexOf('<script>early()</script>')).toBeLessThan(html.indexOf('<script type="module"'))
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/a.js">')
  })

  it('lowers the modulepreload links when the page paints from its early reply', () => {
    const file = page(HEAD)
    addToHead(file, '<script>early()</script>', { lowPreloads: true })
    expect(readFileSync(file, 'utf8')).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a.js">')
  })

  it('goes at the end of <head> when the page has no module script, and fails without a <head>', () => {
    const file = page('<head><title>t</title></head><body></body>')
    addToHead(file, '<script>early()</script>')
    expect(readFileSync(file, 'utf8')).toContain('<title>t</title><script>early()</script></head>')
    writeFileSync(file, '<body></body>')
    expect(addToHead(file, '<script>x</script>')).toBe(false)
  })
})

describe('paintsFromReply', () => {
  it('is true for the share page, whose first request preloads the cover picture, and false for the folder list', () => {
    expect(paintsFromReply(sharePage.requestsFor(sharePage.parse('?r=abc')))).toBe(true)
    expect(paintsFromReply(listPage.requestsFor(listPage.parse('?id=3')))).toBe(false)
  })
})

describe('keepsReplies', () => {
  it("is true for the share page, which keeps its reply for the next open, and false for a signed-in user's list", () => {
    expect(keepsReplies(sharePage.requestsFor(sharePage.parse('?r=abc')))).toBe(true)
    expect(keepsReplies(listPage.requestsFor(listPage.parse('?id=3')))).toBe(false)
  })
})
