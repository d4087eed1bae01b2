import { describe, expect, it } from 'vitest'
import { cssRefs, htmlRefs } from '../../scripts/delivery/html-refs'

describe('htmlRefs', () => {
  it('resolves root-relative and document-relative URLs to output paths', () => {
    const html = '<script type="module" src="/assets/a-1.js"></script><link href=../x/b.css rel=stylesheet>'
    expect(htmlRefs(html, 'generate_book/list/index.html')).toEqual(['assets/a-1.js', 'generate_book/x/b.css'])
  })

  it('reads every candidate of a srcset', () => {
    expect(htmlRefs('<img srcset="/a.png 1x, /b.png 2x">', 'index.html')).toEqual(['a.png', 'b.png'])
  })

  it('leaves out remote, data and fragment URLs', () => {
    const html =
      '<a href="https://example.com/x.js"></a><img src="data:image/png;base64,AA"><a href="#top"></a><script src="//cdn.example.com/y.js"></script>'
    expect(htmlRefs(html, 'index.html')).toEqual([])
  })

  it('strips a CDN base and a path base', () => {
    expect(htmlRefs('<script src="https://cdn.example.com/h5/assets/a.js"></script>', 'index.html', 'https://cdn.example.com/h5/')).toEqual(
      ['assets/a.js'],
    )
    expect(htmlRefs('<script src="/h5/assets/a.js?v=1"></script>', 'index.html', '/h5/')).toEqual(['assets/a.js'])
  })

  it('stops a climbing path at the site root, as a browser does', () => {
    expect(htmlRefs('<img src="../../../img/a.png">', 'price_up/index.html')).toEqual(['img/a.png'])
  })
})

describe('cssRefs', () => {
  it('reads url() in every quoting style and @import', () => {
    const css = `@import "./base.css"; .a{background:url(/assets/x.png)} .b{src:url('f.woff2') format('woff2')} .c{mask:url("data:x")}`
    expect(cssRefs(css, 'assets/page.css')).toEqual(['assets/x.png', 'assets/f.woff2', 'assets/base.css'])
  })
})
