/** scripts/build/prerender/page-code.ts: where the inline scripts and the page's code go in a built page's HTML (through the parser). */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import sharePage from '../../../pages/recorded_share/page'
import listPage from '../../../pages/generate_book/list/page'
import createPage from '../../../pages/generate_book/create/page'
import { addToHead, deferEntry, moveCodeToEnd } from '../../../scripts/build/prerender/page-code'
import { keepsReplies, paintsFromReply } from '../../../scripts/build/prerender/prefetch'

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

const BODY = '<body><div id="root"><p>frame</p></div><script data-inline="first-screen">draw()</script></body>'

describe('moveCodeToEnd', () => {
  it('moves the entry script and the modulepreload links after the frame and its scripts, and leaves the rest of <head>', () => {
    const file = page(HEAD.replace('<body></body>', BODY))
    expect(moveCodeToEnd(file)).toBe(true)
    const html = readFileSync(file, 'utf8')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toMatch(/type="module"|modulepreload/)
    expect(head).toContain('<link rel="stylesheet" href="/assets/a.css">')
    expect(html.indexOf('draw()')).toBeLessThan(html.indexOf('<script type="module" crossorigin src="/assets/main.js"></script>'))
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/a.js"><\/body>/)
  })
})

describe('deferEntry', () => {
  it('holds the page code in a template the browser neither fetches nor runs, the entry marked, and makes the first paint wait for it', () => {
    const file = page(HEAD.replace('<body></body>', BODY))
    expect(deferEntry(file)).toBe(true)
    const html = readFileSync(file, 'utf8')
    expect(html).not.toContain('<script type="module"')
    expect(html).toContain(
      '<template id="page-code"><link rel="modulepreload" crossorigin href="/assets/main.js" data-entry>' +
        '<link rel="modulepreload" crossorigin href="/assets/a.js"></template></body>',
    )
    expect(html.indexOf('draw()')).toBeLessThan(html.indexOf('<template id="page-code">'))
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<link rel="expect" href="#page-code" blocking="render">')
  })

  it('changes nothing in a page without an entry script', () => {
    const file = page('<head><title>t</title></head>' + BODY)
    expect(deferEntry(file)).toBe(false)
    expect(readFileSync(file, 'utf8')).toBe('<head><title>t</title></head>' + BODY)
  })
})

describe('paintsFromReply', () => {
  it('is true for the share page, whose first request preloads the cover picture, and false for the folder list', () => {
    expect(paintsFromReply(sharePage.requestsFor(sharePage.parse('?r=abc')))).toBe(true)
    expect(paintsFromReply(listPage.requestsFor(listPage.parse('?id=3')))).toBe(false)
  })
})

describe('keepsReplies', () => {
  it("is true for the share page, the user's folder list and the folder form, which keep their replies for the next open", () => {
    expect(keepsReplies(sharePage.requestsFor(sharePage.parse('?r=abc')))).toBe(true)
    expect(keepsReplies(listPage.requestsFor(listPage.parse('?id=3')))).toBe(true)
    const form = createPage.requestsFor(createPage.parse('?id=3'))
    expect(keepsReplies(form)).toBe(true)
    // The options (catalogue data) and the folder's values, which a save asks for again first (use-folder-form.ts).
    expect(form.filter((request) => request.keep).map((request) => request.path)).toEqual(['/v1/bookCreation/options', '/v1/directory/3'])
  })
})

describe('through the HTML parser', () => {
  it('is not fooled by a module script in a comment, a "</head>" in a script’s text, or attributes in another order', () => {
    const file = page(
      '<head><!-- <script type="module" src="/old.js"></script> --><script>var s = "</head>"</script>' +
        '<link href="/assets/a.js" rel="modulepreload"><script src="/assets/main.js" type="module"></script></head>' +
        BODY,
    )
    expect(deferEntry(file)).toBe(true)
    const html = readFileSync(file, 'utf8')
    expect(html).toContain('<!-- <script type="module" src="/old.js"></script> --><script>var s = "</head>"</script>')
    expect(html).toContain(
      '<template id="page-code"><link href="/assets/a.js" rel="modulepreload"><link rel="modulepreload" href="/assets/main.js" data-entry></template></body>',
    )
    expect(html).toContain('<link rel="expect" href="#page-code" blocking="render"></head>')
  })
})
