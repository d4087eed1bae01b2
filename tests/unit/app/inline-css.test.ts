/** scripts/build/prerender/inline-css.ts: the CSS a prerendered frame needs, in its HTML. */
import { describe, expect, it } from 'vitest'
import { hasRelativeUrl, inlineCss } from '../../../scripts/build/prerender/inline-css'

const FILES: Record<string, string> = {
  'assets/a.css': '.a{color:red}',
  'assets/b.css': '.b{background:url(/assets/x.png)}',
  'assets/lazy.css': '.l{}',
  'assets/rel.css': '.r{background:url(./x.png)}',
}
const read = (file: string) => FILES[file] ?? null
const HTML =
  '<head><link rel="stylesheet" crossorigin href="/assets/a.css"><link rel="stylesheet" crossorigin href="/assets/b.css"></head><body></body>'

describe('inlineCss', () => {
  it('puts each stylesheet inline where its link was, keeping the cascade order', () => {
    const out = inlineCss(HTML, [], read)
    expect(out.indexOf('.a{color:red}')).toBeLessThan(out.indexOf('.b{'))
    expect(out).toContain('<style data-href="assets/a.css">.a{color:red}</style>')
  })

  it('keeps each inlined link, disabled, so the lazy-chunk loader does not fetch the file again', () => {
    expect(inlineCss(HTML, [], read)).toContain('<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>')
  })

  it("adds the lazy chunks' CSS after the page's own", () => {
    const out = inlineCss(HTML, ['assets/lazy.css'], read)
    expect(out.indexOf('<style data-href="assets/lazy.css">.l{}</style>')).toBeGreaterThan(out.indexOf('.b{'))
  })

  it("adds a disabled link for each lazy file from a script, out of the manifest's sight", () => {
    const out = inlineCss(HTML, ['assets/lazy.css'], read)
    expect(out).not.toContain('href="/assets/lazy.css"')
    const script = /<script>(.*?)<\/script>/.exec(out)![1]!
    expect(script).toMatch(/^\["\/assets\/lazy\.css"\]\.forEach/)
    expect(script).toContain('l.rel="stylesheet";l.disabled=true;l.href=h;document.head.appendChild(l)')
  })

  it('leaves a stylesheet with relative URLs, or one it cannot read, as a link', () => {
    const html = '<head><link rel="stylesheet" href="/assets/rel.css"><link rel="stylesheet" href="/assets/gone.css"></head>'
    expect(inlineCss(html, [], read)).toBe(html)
  })

  it('cannot be closed early by a </style> inside the CSS', () => {
    const out = inlineCss(HTML, [], (f) => (f === 'assets/a.css' ? 'content:"</style><script>"' : null))
    expect(out).toContain('content:"<\\/style><script>"')
  })
})

describe('hasRelativeUrl', () => {
  it('accepts absolute, data and fragment URLs, and spots relative ones', () => {
    expect(hasRelativeUrl('a{background:url("/x.png")} b{mask:url(#m)} c{background:url(data:image/png;base64,AA)}')).toBe(false)
    expect(hasRelativeUrl("a{background:url('img/x.png')}")).toBe(true)
  })
})
