/**
 * Edits a built page's HTML through a parser (issue 41): parse5, the HTML parser Vite itself uses, reads
 * the document as a browser would, with each element's place in the source; an edit is a splice at
 * those places, applied at the end, so everything not edited stays byte for byte as Vite wrote it (Vite's
 * own HTML plugin works the same way, with parse5 and MagicString). No regular expression or `indexOf`
 * decides where a tag is: a `<script>` inside a comment, an attribute in another order or a `</head>` in
 * a script's text cannot fool it.
 */
import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5'

export type HtmlElement = DefaultTreeAdapterMap['element']
type HtmlNode = DefaultTreeAdapterMap['node']

interface Splice {
  start: number
  end: number
  text: string
}

/** The element's attribute `name`, or null. */
export function attr(element: HtmlElement, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null
}

/** A `<script type="module">`: the page's code. */
export const isModuleScript = (el: HtmlElement) => el.tagName === 'script' && attr(el, 'type') === 'module'
/** A `<link rel="modulepreload">`: a chunk of the page's code. */
export const isModulepreload = (el: HtmlElement) => el.tagName === 'link' && attr(el, 'rel') === 'modulepreload'

function walk(node: HtmlNode, visit: (element: HtmlElement) => void): void {
  if ('tagName' in node) visit(node)
  const children = 'content' in node && node.content ? node.content.childNodes : 'childNodes' in node ? node.childNodes : []
  for (const child of children) walk(child, visit)
}

/** The elements of `source` parsed as a fragment (React's markup, a tag to insert), in document order. */
export function fragmentElements(source: string): { elements: HtmlElement[]; at: (el: HtmlElement) => [number, number] } {
  const fragment = parseFragment(source, { sourceCodeLocationInfo: true })
  const elements: HtmlElement[] = []
  for (const child of fragment.childNodes) walk(child, (el) => elements.push(el))
  return { elements, at: (el) => [el.sourceCodeLocation!.startOffset, el.sourceCodeLocation!.endOffset] }
}

/** A document to edit: find its elements, queue splices, then `toString()`. */
export class HtmlEdit {
  readonly elements: HtmlElement[] = []
  private readonly splices: Splice[] = []

  constructor(readonly html: string) {
    walk(parse(html, { sourceCodeLocationInfo: true }), (el) => {
      // An element the parser made up (a missing <head>) is in no place of the source: nothing to edit.
      if (el.sourceCodeLocation) this.elements.push(el)
    })
  }

  /** The first element written in the source that matches, or null. */
  find(match: (el: HtmlElement) => boolean): HtmlElement | null {
    return this.elements.find(match) ?? null
  }

  /** Whether `el` is inside `container` (its descendant). */
  contains(container: HtmlElement, el: HtmlElement): boolean {
    for (let at = el.parentNode; at; at = 'parentNode' in at ? at.parentNode : null) if (at === container) return true
    return false
  }

  /** The source of `el`, start tag to end tag. */
  source(el: HtmlElement): string {
    const [start, end] = this.span(el)
    return this.html.slice(start, end)
  }

  /** Where `el` starts and ends in the source (with the white space before it when `withSpaceBefore`). */
  span(el: HtmlElement, { withSpaceBefore = false } = {}): [number, number] {
    const location = el.sourceCodeLocation!
    let start = location.startOffset
    if (withSpaceBefore) while (start > 0 && /\s/.test(this.html[start - 1]!)) start--
    return [start, location.endOffset]
  }

  /** Where `el`'s end tag starts (its content ends), or null for an element written without one. */
  endTagAt(el: HtmlElement): number | null {
    return el.sourceCodeLocation?.endTag?.startOffset ?? null
  }

  /** Where `el`'s attribute `name` ends in the source, or null. */
  attrEnd(el: HtmlElement, name: string): number | null {
    return el.sourceCodeLocation?.attrs?.[name]?.endOffset ?? null
  }

  insertAt(at: number, text: string): this {
    this.splices.push({ start: at, end: at, text })
    return this
  }

  insertBefore(el: HtmlElement, text: string): this {
    return this.insertAt(this.span(el)[0], text)
  }

  insertAfter(el: HtmlElement, text: string): this {
    return this.insertAt(this.span(el)[1], text)
  }

  /** Replaces `el` (with the white space before it when `withSpaceBefore`) by `text`. */
  replace(el: HtmlElement, text: string, { withSpaceBefore = false } = {}): this {
    const [start, end] = this.span(el, { withSpaceBefore })
    this.splices.push({ start, end, text })
    return this
  }

  /** The edited document. Splices at one place keep the order they were made in. */
  toString(): string {
    const ordered = this.splices.map((s, i) => ({ ...s, i })).sort((a, b) => a.start - b.start || a.i - b.i)
    let out = ''
    let at = 0
    for (const s of ordered) {
      if (s.start < at) throw new Error('html-edit: two edits overlap')
      out += this.html.slice(at, s.start) + s.text
      at = s.end
    }
    return out + this.html.slice(at)
  }
}
