/**
 * shared/first-screen/to-dom.ts draws what react-dom's first client render draws, for the props the
 * pages' components use (and a few they might), and refuses what it cannot draw the same way.
 */
import * as React from 'react'
import {
  act,
  Component,
  createContext,
  createElement,
  memo,
  useContext,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { useId } from '@shared/first-screen/one-render'
import { PENDING, toDom } from '@shared/first-screen/to-dom'
import * as oneRender from '@shared/first-screen/one-render'
import { serialize } from './support/both-paths'

function withReact(element: ReactElement): string {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() => root.render(element))
  const html = serialize(container)
  act(() => root.unmount())
  container.remove()
  return html
}

const internals = (React as unknown as Record<string, { H: unknown }>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!

/**
 * Runs `draw` with React's hooks answered by one-render.ts, so this file's components (written with
 * React's hooks, for react-dom) can be drawn by to-dom alone. The pages' equivalence test runs the built
 * head script instead, where `react` is one-render.ts.
 */
function withOneRender<T>(draw: () => T): T {
  const saved = internals.H
  internals.H = { ...oneRender, readContext: oneRender.useContext }
  try {
    return draw()
  } finally {
    internals.H = saved
  }
}

function withToDom(element: ReactElement): string {
  const container = document.createElement('div')
  container.append(...withOneRender(() => toDom(element)))
  return serialize(container, { dropPending: true })
}

const Row = memo(function Row({ label }: { label: string }) {
  return <li data-row>{label}</li>
})

class Frame extends Component<{ children: ReactNode }> {
  override render() {
    return <section>{this.props.children}</section>
  }
}

const noop = () => {}

const Title = createContext('默认')
function Heading() {
  return <h1>{useContext(Title)}</h1>
}

const CASES: [string, ReactElement][] = [
  [
    'text, numbers, lists, fragments and nothing',
    <p key="p">{['a', 1, null, false, true, undefined, <b key="b">x</b>, [<i key="i">y</i>]]}</p>,
  ],
  [
    'styles: px for numbers, unitless ones bare, custom properties',
    <div key="d" style={{ width: 42, height: '50%', lineHeight: 1.5, opacity: 0, zIndex: 3, ['--size' as string]: '16px' }} />,
  ],
  [
    'boolean attributes, aria and data values',
    <button key="b" type="button" disabled={false} hidden aria-pressed={false} aria-busy data-on data-off={false} tabIndex={-1}>
      go
    </button>,
  ],
  [
    'SVG in its namespace, its attributes in their case',
    <svg key="s" viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
      <path d="M1 1" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>,
  ],
  [
    'URLs: javascript: blocked as React blocks it, an empty src left out',
    <div key="u">
      <a href="javascript:alert(1)">x</a>
      <img src="" alt="" />
      <img src="/a.png" alt="" loading="lazy" decoding="async" fetchPriority="high" />
    </div>,
  ],
  [
    'form controls with their values, and handlers drawn pending',
    <form key="f" noValidate onSubmit={noop}>
      <label htmlFor="t">名称</label>
      <input id="t" value="启蒙" onChange={noop} required enterKeyHint="done" />
      <input type="radio" name="r" checked onChange={noop} />
      <input type="checkbox" defaultChecked />
      <select value="3" onChange={noop}>
        <option value="">未选择</option>
        <option value="3">启蒙</option>
      </select>
      <select value="missing" onChange={noop}>
        <option value="a">a</option>
      </select>
      <textarea value={'多行\n文字'} rows={4} onChange={noop} />
    </form>,
  ],
  [
    'a context: its provided value inside, the default outside',
    <div key="x">
      <Heading />
      <Title value="空间扩容">
        <Heading />
        <Title.Consumer>{(title) => <p>{title}</p>}</Title.Consumer>
      </Title>
      <Heading />
    </div>,
  ],
  [
    'memo and class components',
    <Frame key="c">
      <ul>
        <Row label="一" />
        <Row label="二" />
      </ul>
    </Frame>,
  ],
]

describe('toDom', () => {
  it.each(CASES)('draws %s as React does', (name, element) => {
    // React warns in development about an empty src (the case shows to-dom leaves it out as React does).
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(withToDom(element)).toBe(withReact(element))
    const said = error.mock.calls.map((call) => String(call[0]))
    expect(said.every((text) => name.includes('empty src') && text.includes('An empty string ("") was passed'))).toBe(true)
  })

  it('marks a control with a handler pending: data-pending, aria-disabled, and a text field read-only', () => {
    const [form] = toDom(
      <form>
        <input onChange={noop} value="" />
        <button type="button" onClick={noop}>
          go
        </button>
        <li onClick={noop}>row</li>
        <img alt="" src="/a.png" onLoad={noop} />
      </form>,
    ) as [HTMLElement]
    const [input, button, li, img] = [...form.children]
    expect(input!.hasAttribute(PENDING) && input!.hasAttribute('readonly')).toBe(true)
    expect(button!.getAttribute('aria-disabled')).toBe('true')
    expect(li!.hasAttribute(PENDING) && !li!.hasAttribute('aria-disabled')).toBe(true)
    // Loading a picture is not something a person does: no waiting for React.
    expect(img!.hasAttribute(PENDING)).toBe(false)
  })

  it('hoists a <title> out of the tree, as React 19 does', () => {
    const extras = { title: null as string | null }
    expect(toDom(<>{[<title key="t">{'小米妈妈的录音作品'}</title>, <p key="p">x</p>]}</>, extras)).toHaveLength(1)
    expect(extras.title).toBe('小米妈妈的录音作品')
  })

  // Issue 41: where it used to differ from React silently. Each draws as React does, or refuses.
  describe('fails closed', () => {
    it.each<[string, ReactElement]>([
      ['a unitless style number React writes bare (aspectRatio: 1)', <div key="a" style={{ aspectRatio: 1 }} />],
      ['a grid line number React writes bare (gridRow: 2)', <div key="g" style={{ gridRow: 2, gridColumnStart: 3, flexGrow: 1 }} />],
      [
        'download, capture and itemScope set to true',
        <div key="t" itemScope>
          <a href="/a.pdf" download>
            a
          </a>
          <a href="/b.pdf" download="book.pdf">
            b
          </a>
          <input type="file" capture />
        </div>,
      ],
      // Written as props: a string handler is what a spread of untyped data brings.
      [
        'a string onclick or onClick, dropped as React drops it',
        createElement('p', { onclick: 'alert(1)', onClick: 'alert(2)', onMouseOver: 'x' }),
      ],
      ['muted, which React sets as a property, not an attribute', <audio key="m" muted src="/a.mp3" />],
      ['a positive number attribute below 1 left out', <textarea key="r" rows={0} cols={3} readOnly value="x" />],
    ])('draws %s as React does', (name, element) => {
      // React warns in development about a string handler (that is the point of the case); of nothing else.
      const error = vi.spyOn(console, 'error').mockImplementation(() => {})
      expect(withToDom(element)).toBe(withReact(element))
      if (name.includes('onclick')) expect(error).toHaveBeenCalled()
      else expect(error).not.toHaveBeenCalled()
    })

    it('writes no attribute that runs code, whatever a spread brings', () => {
      const [p] = toDom(createElement('p', { onclick: 'alert(1)', ONLOAD: 'x', onError: 'y' })) as [HTMLElement]
      expect([...p.attributes].map((a) => a.name)).toEqual([])
    })

    it.each<[string, ReactElement, string]>([
      ['a prop it does not know', createElement('div', { autoCorrect: 'off' }), 'the prop autoCorrect'],
      ['a prop React writes its own way (checked outside an input)', createElement('div', { checked: true }), 'the prop checked'],
      [
        'a style number neither unitless nor a length',
        <div key="s" style={{ transitionDuration: 300 } as unknown as CSSProperties} />,
        'the style number transitionDuration',
      ],
      ['a vendor-prefixed style number', <div key="v" style={{ WebkitLineClamp: 2 }} />, 'the style number WebkitLineClamp'],
      ['a custom element', createElement('my-card', { title: 'x' }), '<my-card>'],
    ])('refuses %s, so the page falls back to React’s first paint', (_, element, why) => {
      expect(() => toDom(element)).toThrow(`first screen: ${why} cannot be drawn before React`)
    })

    it('refuses useId: React numbers ids across the whole page, which a first screen cannot know', () => {
      function Field() {
        return <input id={useId()} />
      }
      expect(() => toDom(<Field />)).toThrow('useId cannot be drawn before React')
    })
  })

  it('refuses what it cannot draw as React would: raw HTML, a <script>', () => {
    // Written as props: the pages' lint refuses the JSX attribute itself.
    expect(() => toDom(createElement('div', { dangerouslySetInnerHTML: { __html: '<b>x</b>' } }))).toThrow('raw HTML')
    expect(() => toDom(<script>{'alert(1)'}</script>)).toThrow('<script>')
  })
})
