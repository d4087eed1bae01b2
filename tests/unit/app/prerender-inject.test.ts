/** The HTML side of the prerender (scripts/prerender): where the frame goes and when it is dropped. */
import { afterEach, describe, expect, it } from 'vitest'
import { guardScript } from '../../../scripts/build/prerender/decide'
import { injectMarkup, splitHoisted } from '../../../scripts/build/prerender/inject'

const PAGE = '<!doctype html><html><head><title>价格调整通知</title></head><body><div id="root"></div></body></html>'

describe('injectMarkup', () => {
  it('puts the frame inside the empty root with its mode', () => {
    const html = injectMarkup(PAGE, '<main>框架</main>', 'hydrate')
    expect(html).toContain('<div id="root" data-prerendered="hydrate"><main>框架</main></div>')
  })

  it('keeps $ sequences in the markup literal', () => {
    expect(injectMarkup(PAGE, '<p>$& $1 ¥30</p>', 'replace')).toContain('<p>$& $1 ¥30</p>')
  })

  it('moves an image preload React hoisted into the head and drops its duplicate title', () => {
    const html = injectMarkup(PAGE, '<link rel="preload" as="image" href="/a.svg"/><title>价格调整通知</title><main></main>', 'hydrate')
    expect(html).toContain('<link rel="preload" as="image" href="/a.svg"/></head>')
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('data-prerendered="hydrate"><main></main></div>')
  })

  it('refuses a page whose root is not the empty div', () => {
    expect(() => injectMarkup('<div id="root"> </div>', '<p></p>', 'hydrate')).toThrow('no empty')
  })
})

describe('splitHoisted', () => {
  it('takes only the tags at the front: a title inside the content stays', () => {
    const { hoisted, body } = splitHoisted('<title>a</title><meta name="x"/><div><title>b</title></div>')
    expect(hoisted).toEqual(['<title>a</title>', '<meta name="x"/>'])
    expect(body).toBe('<div><title>b</title></div>')
  })
})

/** Parses #root with the frame and what the build puts after it, running the script as the parser would. */
function runGuard(after: string): HTMLElement {
  document.body.innerHTML = `<div id="root" data-prerendered="hydrate"><p>框架</p></div>${after.replace(/<script>.*<\/script>$/, '')}`
  // The test runs the inline script the build writes, as the browser would.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function(/<script>(.*)<\/script>$/.exec(after)![1]!)()
  return document.getElementById('root')!
}

const SHARE_GUARD = {
  params: [
    { name: 'r', present: true },
    { name: 'title', present: false },
  ],
  appFrame: null,
}

describe('guardScript', () => {
  afterEach(() => {
    delete (window as { KidsEnglishBridge?: unknown }).KidsEnglishBridge
    window.history.replaceState(null, '', '/')
  })

  it('keeps the frame on a URL with the parameters it needs and without those that change it', () => {
    window.history.replaceState(null, '', '/recorded_share?r=abc&from=wechat')
    const root = runGuard(guardScript(SHARE_GUARD))
    expect(root.textContent).toBe('框架')
    expect(root.getAttribute('data-prerendered')).toBe('hydrate')
  })

  it('drops the frame, and its marker, when the URL has a parameter that changes it', () => {
    window.history.replaceState(null, '', '/recorded_share?r=abc&title=%E7%BB%98%E6%9C%AC')
    const root = runGuard(guardScript(SHARE_GUARD))
    expect(root.textContent).toBe('')
    expect(root.hasAttribute('data-prerendered')).toBe(false)
  })

  it('drops the frame when the URL lacks a parameter it needs', () => {
    window.history.replaceState(null, '', '/recorded_share?r=')
    expect(runGuard(guardScript(SHARE_GUARD)).textContent).toBe('')
  })

  it("swaps in the app's own frame where the host bridge answers getUserInfo, to be replaced, not hydrated", () => {
    ;(window as { KidsEnglishBridge?: unknown }).KidsEnglishBridge = { getUserInfo: () => {} }
    const root = runGuard(guardScript({ params: [], appFrame: '<p>App框架</p>' }))
    expect(root.innerHTML).toBe('<p>App框架</p>')
    expect(root.getAttribute('data-prerendered')).toBe('replace')
  })

  it('keeps the browser frame outside the app', () => {
    expect(runGuard(guardScript({ params: [], appFrame: '<p>App框架</p>' })).textContent).toBe('框架')
  })

  it('treats a host object that throws as no app, as the bridge module does', () => {
    Object.defineProperty(window, 'KidsEnglishBridge', {
      configurable: true,
      get: () => {
        throw new Error('boom')
      },
    })
    expect(runGuard(guardScript({ params: [], appFrame: '<p>App框架</p>' })).textContent).toBe('框架')
  })

  it('swaps in the variant frame, and its title, on a URL with its parameter', () => {
    window.history.replaceState(null, '', '/generate_book/create?id=12')
    document.title = '新建文件夹'
    const root = runGuard(
      guardScript({ params: [], appFrame: null, variants: [{ param: 'id', frame: '<title>编辑文件夹</title><h1>编辑</h1>' }] }),
    )
    expect(root.innerHTML).toBe('<h1>编辑</h1>')
    expect(root.getAttribute('data-prerendered')).toBe('replace')
    expect(document.title).toBe('编辑文件夹')
  })

  it('keeps the frame on a URL without a variant parameter', () => {
    window.history.replaceState(null, '', '/generate_book/create?parentId=3')
    const root = runGuard(guardScript({ params: [], appFrame: null, variants: [{ param: 'id', frame: '<h1>编辑</h1>' }] }))
    expect(root.textContent).toBe('框架')
    expect(root.getAttribute('data-prerendered')).toBe('hydrate')
  })

  it('drops the frame when two variant parameters are on the URL', () => {
    window.history.replaceState(null, '', '/x?id=1&parentId=2')
    const variants = [
      { param: 'id', frame: '<h1>编辑</h1>' },
      { param: 'parentId', frame: '<h1>新建</h1>' },
    ]
    expect(runGuard(guardScript({ params: [], appFrame: null, variants })).textContent).toBe('')
  })

  it('carries the app frame in an inert template', () => {
    expect(guardScript({ params: [], appFrame: '<img src="/a.svg">' })).toMatch(
      /^<template id="app-frame"><img src="\/a.svg"><\/template><script>/,
    )
  })
})
