/**
 * Where a built page's inline scripts and code tags go in its HTML, edited through the parser
 * (scripts/build/html/html-edit.ts): the early requests at the top of <head>, the first screen at the
 * end of <body>, the page's code (its entry script and modulepreload links) after its frame, or held
 * back in a template until the first screen is drawn.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { PAGE_CODE_TEMPLATE } from '../../../shared/config/page-start.ts'
import { attr, HtmlEdit, isModulepreload, isModuleScript, type HtmlElement } from '../html/html-edit.ts'

/** `file` parsed, edited by `change`, and written back when `change` says so (it returns true). */
function editFile(file: string, change: (doc: HtmlEdit) => boolean): boolean {
  const doc = new HtmlEdit(readFileSync(file, 'utf8'))
  if (!change(doc)) return false
  writeFileSync(file, doc.toString())
  return true
}

/** The document's <head> and <body> as written (an end tag each), or null. */
function headAndBody(doc: HtmlEdit): { head: HtmlElement; body: HtmlElement } | null {
  const head = doc.find((el) => el.tagName === 'head')
  const body = doc.find((el) => el.tagName === 'body')
  return head && body && doc.endTagAt(head) !== null && doc.endTagAt(body) !== null ? { head, body } : null
}

/** The page's code tags in <head>: its entry script and the modulepreload links of its chunks. */
const codeTags = (doc: HtmlEdit, head: HtmlElement) =>
  doc.elements.filter((el) => (isModuleScript(el) || isModulepreload(el)) && doc.contains(head, el))

/**
 * Adds the tag to <head> of `file`, before the page's module script and its modulepreload links: the
 * browser then asks for the data first, before the dozen scripts that would otherwise take every
 * connection (HTTP/1.1 allows six per host) and leave the API request queued behind them. At the end of
 * <head> when there is no module script. `lowPreloads`: the modulepreload links get `fetchpriority="low"`.
 * Returns false when the file has no <head>.
 */
export function addToHead(file: string, tag: string, { lowPreloads = false } = {}): boolean {
  return editFile(file, (doc) => {
    const head = doc.find((el) => el.tagName === 'head')
    const end = head && doc.endTagAt(head)
    if (!head || end === null || end === undefined) return false
    const first = codeTags(doc, head)[0]
    if (first) doc.insertBefore(first, tag)
    else doc.insertAt(end, tag)
    if (lowPreloads) {
      for (const link of codeTags(doc, head).filter(isModulepreload)) doc.insertAt(doc.attrEnd(link, 'rel')!, ' fetchpriority="low"')
    }
    return true
  })
}

/**
 * Moves the page's code tags from <head> of `file` to the end of <body>, after its frame and its first
 * screen script: the browser then asks for the page's code once it has the whole HTML, not while the
 * HTML's frame is still arriving. On a slow network the two would share the bandwidth (the page's
 * chunks are ten times the HTML), and what the reader sees first, the frame and its text, would arrive
 * last. A module script runs after the document is parsed wherever it stands. Returns false when the
 * file has no <head> or <body>.
 */
export function moveCodeToEnd(file: string): boolean {
  return editFile(file, (doc) => {
    const page = headAndBody(doc)
    if (!page) return false
    const tags = codeTags(doc, page.head)
    if (!tags.length) return true
    for (const tag of tags) doc.replace(tag, '', { withSpaceBefore: true })
    doc.insertAt(doc.endTagAt(page.body)!, tags.map((tag) => doc.source(tag)).join('\n'))
    return true
  })
}

/**
 * Holds back the page's code in `file` (a page whose first screen is drawn before React, issue 31):
 * its tags move into `<template id="page-code">` at the end of <body>, the entry script as
 * `<link rel="modulepreload" data-entry>`, where the browser neither fetches nor runs them (the
 * deploy still finds them: scripts/delivery/html-refs.ts reads every `href`). On a phone the page's
 * code would take the bandwidth (and, over HTTP/1.1, the sockets) the early reply and its picture need,
 * and evaluating it is one long task in which no reply can be drawn: the first screen would come with
 * React, not before it. The first screen starts it once its replies are in and drawn
 * (shared/first-screen/paint.ts), or the HTML after ENTRY_CAP_MS (scripts/build/entry-watchdog.ts).
 * Returns false when the file has no entry script.
 */
export function deferEntry(file: string): boolean {
  return editFile(file, (doc) => {
    const page = headAndBody(doc)
    const tags = page ? codeTags(doc, page.head) : []
    const entry = tags.find(isModuleScript)
    const src = entry && attr(entry, 'src')
    if (!page || !entry || !src) return false
    const held = tags.map((tag) =>
      tag === entry
        ? `<link rel="modulepreload"${attr(entry, 'crossorigin') !== null ? ' crossorigin' : ''} href="${src}" data-entry>`
        : doc.source(tag),
    )
    for (const tag of tags) doc.replace(tag, '', { withSpaceBefore: true })
    // The first paint waits for the parser to pass the first screen's script (just before the template):
    // when the replies are in by then, the page is drawn once, with them, instead of its frame laid out
    // and painted first and again a moment later. (Chromium; other engines paint the frame as before.)
    doc.insertAt(doc.endTagAt(page.head)!, `<link rel="expect" href="#${PAGE_CODE_TEMPLATE}" blocking="render">`)
    doc.insertAt(doc.endTagAt(page.body)!, `<template id="${PAGE_CODE_TEMPLATE}">${held.join('')}</template>`)
    return true
  })
}

/** Adds the tag at the end of <body> of `file` (after #root and its guard). Returns false when it has no </body>. */
export function addToBody(file: string, tag: string): boolean {
  return editFile(file, (doc) => {
    const body = doc.find((el) => el.tagName === 'body')
    const end = body && doc.endTagAt(body)
    if (end === null || end === undefined) return false
    doc.insertAt(end, tag)
    return true
  })
}
