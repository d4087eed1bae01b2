/**
 * How react-dom's client render writes a host element's props, for the props the first screen knows
 * (issue 41: it fails closed). Each known prop is written here exactly as react-dom 19 writes it
 * (`setProp` and `setValueForStyle` in react-dom-client): the same attribute name, the same rule for
 * `true`, `false`, numbers and URLs. A prop or a style number it does not know throws: the page then
 * falls back to React's first paint (paint.ts) rather than show a screen React would not draw.
 * `data-*` and `aria-*` props are written as React writes any attribute. React-free.
 */

/** Why a tree cannot be drawn before React (paint.ts reports the message). */
export const fail = (why: string): never => {
  throw new Error(`first screen: ${why} cannot be drawn before React`)
}

/** A value as React writes it into an attribute or a text: `'' + value`, objects included. */
export const asText = (value: unknown): string => String(value as string)

const words = (list: string) => list.split(' ')
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/**
 * Props react-dom writes as an attribute of the same or an aliased name (`setValueForKnownAttribute`,
 * or its default branch with `getAttributeAlias`): a string or number as text; `true`/`false` not at all.
 */
const PLAIN = new Map<string, string>([
  ['className', 'class'],
  ['htmlFor', 'for'],
  ['httpEquiv', 'http-equiv'],
  ['acceptCharset', 'accept-charset'],
  ['crossOrigin', 'crossorigin'],
  ['tabIndex', 'tabindex'],
  ...words(
    'id type name title alt lang dir role width height placeholder autoComplete inputMode enterKeyHint maxLength minLength ' +
      'min max step pattern loading decoding fetchPriority target rel accept form method referrerPolicy sizes srcSet poster ' +
      'preload colSpan scope headers dateTime cite label list translate autoCapitalize hrefLang media wrap content itemProp ' +
      'itemType viewBox d fill stroke cx cy r rx ry x y x1 y1 x2 y2 points transform opacity xmlns preserveAspectRatio offset ' +
      'gradientUnits gradientTransform pathLength mask filter',
  ).map((name) => [name, name] as [string, string]),
  // React's SVG aliases (camelCase props written in kebab case), the ones a drawing may use.
  ...words(
    'strokeWidth strokeLinecap strokeLinejoin strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity fillRule ' +
      'fillOpacity clipRule clipPath fontSize fontWeight fontFamily textAnchor dominantBaseline stopColor stopOpacity',
  ).map((name) => [name, kebab(name)] as [string, string]),
])

/** Present (`""`) when truthy, absent otherwise. */
const BOOLEAN = new Set(
  words(
    'allowFullScreen async autoPlay controls default defer disabled formNoValidate hidden inert itemScope loop noModule ' +
      'noValidate open playsInline readOnly required reversed',
  ),
)
/** Written as given, `true`/`false` as the strings "true"/"false" (`value` here is not a form control's). */
const BOOLEANISH = new Set(words('contentEditable spellCheck draggable value focusable autoReverse preserveAlpha'))
/** `true` present (`""`), `false` absent, a string as given. */
const OVERLOADED = new Set(words('capture download'))
/** Written when a number ≥ 1; `rowSpan` and `start` when any number. */
const POSITIVE = new Set(words('cols rows size span'))
const NUMERIC = new Set(words('rowSpan start'))
/** Set as a property, not an attribute (`multiple` reflects into one, `muted` does not). */
const PROPERTIES = new Set(words('multiple muted'))
/** URLs: React's `javascript:` test, and what it writes instead. */
const URLS = new Set(words('src href action formAction'))
/** Props React reads but does not write as attributes (or that an element writes in its own way: to-dom.ts). */
const NOT_WRITTEN = new Set(
  words('children key ref suppressHydrationWarning suppressContentEditableWarning autoFocus defaultValue defaultChecked innerHTML'),
)

const JAVASCRIPT_URL =
  // eslint-disable-next-line no-control-regex
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')"

/** React's CSS properties that take a number bare (its `unitlessNumbers`, without the vendor prefixes). */
const UNITLESS = new Set(
  words(
    'animationIterationCount aspectRatio borderImageOutset borderImageSlice borderImageWidth boxFlex boxFlexGroup ' +
      'boxOrdinalGroup columnCount columns flex flexGrow flexPositive flexShrink flexNegative flexOrder gridArea gridRow ' +
      'gridRowEnd gridRowSpan gridRowStart gridColumn gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp ' +
      'lineHeight opacity order orphans scale tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity ' +
      'strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity strokeWidth',
  ),
)
/** CSS lengths: a number is written in `px`, as React writes any property not unitless. */
const PX = new Set(
  words(
    'width height minWidth maxWidth minHeight maxHeight blockSize inlineSize top right bottom left inset margin marginTop ' +
      'marginRight marginBottom marginLeft padding paddingTop paddingRight paddingBottom paddingLeft fontSize letterSpacing ' +
      'wordSpacing textIndent borderRadius borderTopLeftRadius borderTopRightRadius borderBottomLeftRadius ' +
      'borderBottomRightRadius borderWidth borderTopWidth borderRightWidth borderBottomWidth borderLeftWidth outlineWidth ' +
      'outlineOffset gap rowGap columnGap flexBasis',
  ),
)

function setStyle(element: HTMLElement | SVGElement, style: unknown): void {
  if (typeof style !== 'object') fail('a style that is not an object')
  for (const [name, value] of Object.entries(style as Record<string, unknown>)) {
    if (value === null || value === undefined || typeof value === 'boolean' || value === '') continue
    if (name.startsWith('--')) {
      element.style.setProperty(name, asText(value))
      continue
    }
    const bare = typeof value !== 'number' || value === 0 || UNITLESS.has(name)
    if (!bare && !PX.has(name)) fail(`the style number ${name}`)
    ;(element.style as unknown as Record<string, string>)[name === 'float' ? 'cssFloat' : name] = bare ? asText(value).trim() : `${value}px`
  }
}

/** A value React leaves out of any attribute: nothing, a function, a symbol. */
const absent = (value: unknown) => value === null || value === undefined || typeof value === 'function' || typeof value === 'symbol'

/**
 * Writes one prop of a host element as react-dom's client render does; throws on a prop it does not know
 * (see the module's comment). Form controls' values are to-dom.ts's.
 */
export function setProp(element: Element, key: string, value: unknown): void {
  if (NOT_WRITTEN.has(key) || value === null || value === undefined) return
  // React writes no prop named on… as an attribute: a handler becomes a listener, a string is dropped.
  if (key.length > 2 && /^on/i.test(key)) return
  if (key === 'dangerouslySetInnerHTML') fail('raw HTML')
  if (key === 'style') return setStyle(element as HTMLElement, value)
  const prefix = key.slice(0, 5).toLowerCase()
  if (prefix === 'data-' || prefix === 'aria-') {
    if (!absent(value)) element.setAttribute(key, asText(value))
    return
  }
  if (PROPERTIES.has(key)) {
    ;(element as unknown as Record<string, boolean>)[key] = Boolean(value) && !absent(value)
    return
  }
  if (BOOLEAN.has(key)) {
    if (value && !absent(value)) element.setAttribute(key, '')
    return
  }
  if (BOOLEANISH.has(key)) {
    if (!absent(value)) element.setAttribute(key, asText(value))
    return
  }
  if (OVERLOADED.has(key)) {
    if (value === true) element.setAttribute(key, '')
    else if (value !== false && !absent(value)) element.setAttribute(key, asText(value))
    return
  }
  if (POSITIVE.has(key) || NUMERIC.has(key)) {
    const n = value as number
    if (!absent(value) && !isNaN(n) && (NUMERIC.has(key) || 1 <= n)) element.setAttribute(key, asText(value))
    return
  }
  if (URLS.has(key)) {
    // A form action given as a function is React's own submit machinery: not drawn before React.
    if (typeof value === 'function') fail(`a function as ${key}`)
    if (value === '' && (key === 'src' || (key === 'href' && element.localName !== 'a'))) return
    if (absent(value) || typeof value === 'boolean') return
    const url = asText(value)
    element.setAttribute(key, JAVASCRIPT_URL.test(url) ? BLOCKED_URL : url)
    return
  }
  const name = PLAIN.get(key) ?? fail(`the prop ${key}`)
  if (!absent(value) && typeof value !== 'boolean') element.setAttribute(name, asText(value))
}
