/**
 * Draws React elements as DOM before React is there (issue 31): the page's own components, called with
 * the one-render hooks of one-render.ts, turned into nodes the way react-dom's client render makes them
 * (what it does with each prop below), so that React's first commit puts back the same DOM. The unit
 * test tests/unit/first-screen/first-screen-equivalence.test.tsx renders every page both ways with the
 * same replies, hostile ones included, and fails on any difference.
 *
 * A control with a handler cannot act before React: it is drawn **pending** (`data-pending`, and
 * `aria-disabled` on a control, `readonly` on a text field), and a tap on it is kept by handover.ts
 * and done again once React is in. Anything this module does not know how to draw exactly as React
 * would (a portal, raw HTML, a prop or style dom-props.ts does not know, a hook one-render.ts refuses)
 * throws: the head script then paints nothing and reports why (paint.ts). React-free.
 */

import { asText, fail, setProp } from './dom-props'
import { PENDING } from './marks'

export { PENDING }

const SVG_NS = 'http://www.w3.org/2000/svg'
const ELEMENT = Symbol.for('react.transitional.element')
const LEGACY_ELEMENT = Symbol.for('react.element')
const FRAGMENT = Symbol.for('react.fragment')
const STRICT = Symbol.for('react.strict_mode')
const MEMO = Symbol.for('react.memo')
const CONTEXT = Symbol.for('react.context')
const CONSUMER = Symbol.for('react.consumer')
const FORWARD_REF = Symbol.for('react.forward_ref')

type Props = Record<string, unknown> & { children?: unknown }
interface ElementLike {
  $$typeof: symbol
  type: unknown
  props: Props
}

const isElement = (node: unknown): node is ElementLike =>
  typeof node === 'object' &&
  node !== null &&
  ((node as ElementLike).$$typeof === ELEMENT || (node as ElementLike).$$typeof === LEGACY_ELEMENT)

/** A handler of something a person does (a tap, a key, an edit): the element waits for React to act. */
const isAction = (key: string, value: unknown) =>
  /^on(Click|Change|Input|BeforeInput|Submit|KeyDown|PointerDown|MouseDown|TouchStart)(Capture)?$/.test(key) && typeof value === 'function'

/** What to draw for a `<title>` (React puts it in <head>): its text. */
function textOf(children: unknown): string {
  if (Array.isArray(children)) return children.map(textOf).join('')
  return typeof children === 'string' || typeof children === 'number' ? String(children) : ''
}

const given = (value: unknown) => value !== undefined && value !== null

/** Form controls get their value as React's client render gives it (property and attribute). */
function setFormValue(element: Element, props: Props): void {
  if (element instanceof HTMLInputElement) {
    const value = given(props.value) ? props.value : props.defaultValue
    if (given(value)) {
      element.defaultValue = asText(value)
      element.value = asText(value)
    }
    const checked = given(props.checked) ? props.checked : props.defaultChecked
    if (typeof checked === 'boolean') {
      element.defaultChecked = checked
      element.checked = checked
    }
  } else if (element instanceof HTMLTextAreaElement) {
    const value = given(props.value) ? props.value : props.defaultValue
    if (given(value)) {
      element.defaultValue = asText(value)
      element.value = asText(value)
    }
  } else if (element instanceof HTMLSelectElement) {
    if (element.multiple) fail('a multiple select')
    const controlled = given(props.value)
    const value = controlled ? props.value : props.defaultValue
    if (!given(value)) return
    // React's updateOptions: the first option with the value, else the first one not disabled.
    const wanted = asText(value)
    const match = [...element.options].find((option) => option.value === wanted)
    const chosen = match ?? [...element.options].find((option) => !option.disabled)
    if (!chosen) return
    chosen.selected = true
    if (match && !controlled) chosen.defaultSelected = true
  }
}

const CONTROLS = new Set(['button', 'input', 'select', 'textarea', 'a'])

/** Marks `element` pending when it has an action handler: it waits for React (see the module's comment). */
function markPending(element: Element, props: Props): void {
  if (!Object.keys(props).some((key) => isAction(key, props[key]))) return
  element.setAttribute(PENDING, '')
  if (!CONTROLS.has(element.localName)) return
  element.setAttribute('aria-disabled', 'true')
  if (element.localName === 'textarea' || element.localName === 'input') element.setAttribute('readonly', '')
}

/** What a first-screen render reports besides its nodes. */
export interface DrawnExtras {
  /** The document title a `<title>` in the tree sets (React puts it into <head>). */
  title: string | null
}

/**
 * The DOM nodes `node` (a React element, text, a list…) draws, in the given namespace. Throws on
 * anything it cannot draw as React would.
 */
export function toDom(node: unknown, extras: DrawnExtras = { title: null }, svg = false): Node[] {
  if (node === null || node === undefined || typeof node === 'boolean') return []
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return [document.createTextNode(asText(node))]
  if (Array.isArray(node)) return node.flatMap((child) => toDom(child, extras, svg))
  if (!isElement(node)) return fail(`a ${typeof node} child`)
  const { type, props } = node
  if (type === FRAGMENT || type === STRICT) return toDom(props.children, extras, svg)
  if (typeof type === 'function') {
    const component = type as ((props: Props) => unknown) & { prototype?: { isReactComponent?: object; render?: () => unknown } }
    if (component.prototype?.isReactComponent) {
      const instance = new (component as unknown as new (props: Props) => { props: Props; render(): unknown })(props)
      instance.props = props
      return toDom(instance.render(), extras, svg)
    }
    return toDom(component(props), extras, svg)
  }
  if (typeof type === 'object' && type !== null) {
    const wrapped = type as {
      $$typeof?: symbol
      type?: unknown
      render?: (props: Props, ref: unknown) => unknown
      _currentValue?: unknown
      _context?: { _currentValue: unknown }
    }
    if (wrapped.$$typeof === MEMO) return toDom({ ...node, type: wrapped.type }, extras, svg)
    if (wrapped.$$typeof === FORWARD_REF && wrapped.render) return toDom(wrapped.render(props, null), extras, svg)
    // A provider: its value for the components drawn inside it (what useContext reads), then the one above.
    if (wrapped.$$typeof === CONTEXT) {
      const above = wrapped._currentValue
      wrapped._currentValue = props.value
      try {
        return toDom(props.children, extras, svg)
      } finally {
        wrapped._currentValue = above
      }
    }
    if (wrapped.$$typeof === CONSUMER && wrapped._context && typeof props.children === 'function') {
      return toDom((props.children as (value: unknown) => unknown)(wrapped._context._currentValue), extras, svg)
    }
    return fail('a portal or lazy component')
  }
  if (typeof type !== 'string') return fail(`an element of type ${String(type)}`)
  if (type === 'title' && !svg) {
    extras.title = textOf(props.children)
    return []
  }
  if (type === 'meta' || type === 'link' || type === 'script' || type === 'style') return fail(`<${type}>`)
  // A custom element's props are set another way (react-dom's setPropOnCustomElement).
  if (type.includes('-')) return fail(`<${type}>`)
  const inSvg = svg || type === 'svg'
  const element = inSvg ? document.createElementNS(SVG_NS, type) : document.createElement(type)
  // An input's type first, as React does: it decides how its value is read.
  if (type === 'input' && typeof props.type === 'string') element.setAttribute('type', props.type)
  for (const key of Object.keys(props)) {
    if (type === 'input' && (key === 'type' || key === 'value' || key === 'checked' || key === 'defaultValue' || key === 'defaultChecked'))
      continue
    if ((type === 'textarea' || type === 'select') && (key === 'value' || key === 'defaultValue')) continue
    setProp(element, key, props[key])
  }
  const children = type === 'textarea' ? [] : toDom(props.children, extras, inSvg && type !== 'foreignObject')
  for (const child of children) element.appendChild(child)
  setFormValue(element, props)
  markPending(element, props)
  return [element]
}
