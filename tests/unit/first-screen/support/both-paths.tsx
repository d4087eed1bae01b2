/**
 * Renders a page both ways from the same early replies (issue 31): as the HTML's head script draws its
 * first screen (the page's first-screen.tsx through shared/first-screen/to-dom.ts with the one-render
 * hooks) and as React draws the page in its first commit, and serializes both so a test can compare
 * them. The head script's build aliases `react` to one-render.ts; here the same hooks are put behind
 * React's own dispatcher while the first screen is drawn, so the components are the very modules React
 * renders.
 */
import * as React from 'react'
import { act, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { vi } from 'vitest'
import type { ApiRequest } from '@shared/api/endpoint'
import type { PageDescriptor } from '@shared/app/define-page'
import { resetEnvForTests } from '@shared/env'
import type { FirstScreen, Shown } from '@shared/first-screen/define'
import * as oneRender from '@shared/first-screen/one-render'
import { peekArrived, peekKeptReply } from '@shared/http/arrived'
import { putKept, putPrefetched } from '@shared/http/prefetch'
import { PENDING, toDom, type DrawnExtras } from '@shared/first-screen/to-dom'
import { installAndroidHost, removeHost } from '../../bridge/fake-host'

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const APP = `${PHONE} com.kidsenglish.app version_2.12.0 isVip_true isPermanentVipUser_false appId_kidsenglish-android token_demo-vip-token`

/** One early reply: the request it answers, its status and body. */
export interface Reply {
  request: ApiRequest
  status?: number
  body: unknown
  /** Kept from the last open instead of arrived now. */
  kept?: boolean
  /** Still on its way (the page's own request takes it, and waits). */
  pending?: boolean
}

/** A page opened at `url` in `fixture` with `replies` in. */
export interface Case {
  url: string
  fixture: 'app' | 'browser'
  replies: readonly Reply[]
}

type Internals = { H: unknown }
// React's act() in this environment (as mount-page.test.tsx).
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const internals = (React as unknown as Record<string, Internals>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!

/** The one-render hooks as a React dispatcher (what the head script's `react` is). */
const ONE_RENDER = {
  useState: oneRender.useState,
  useReducer: oneRender.useReducer,
  useRef: oneRender.useRef,
  useMemo: oneRender.useMemo,
  useCallback: oneRender.useCallback,
  useEffect: oneRender.useEffect,
  useLayoutEffect: oneRender.useLayoutEffect,
  useInsertionEffect: oneRender.useInsertionEffect,
  useImperativeHandle: oneRender.useImperativeHandle,
  useDebugValue: oneRender.useDebugValue,
  useSyncExternalStore: oneRender.useSyncExternalStore,
  useEffectEvent: oneRender.useEffectEvent,
  useDeferredValue: oneRender.useDeferredValue,
  useTransition: oneRender.useTransition,
  useId: oneRender.useId,
  useContext: oneRender.useContext,
  readContext: oneRender.useContext,
  use: oneRender.use,
}

/** Opens the page: its address, the phone (a browser, or the app with its bridge), its early replies. */
export async function open(c: Case): Promise<void> {
  history.replaceState(null, '', c.url)
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(c.fixture === 'app' ? APP : PHONE)
  resetEnvForTests()
  removeHost()
  if (c.fixture === 'app') installAndroidHost('getUserInfo')
  const w = window as unknown as Record<string, unknown>
  for (const key of Object.keys(w)) if (key.startsWith('__kids')) delete w[key]
  for (const reply of c.replies) {
    const answer = { status: reply.status ?? 200, body: reply.body }
    if (reply.kept) putKept(reply.request.path, reply.request.params, answer)
    else putPrefetched(reply.request.path, reply.request.params, reply.pending ? new Promise(() => {}) : Promise.resolve(answer))
  }
  // The replies settle (prefetch.ts records them as they do).
  await new Promise((resolve) => setTimeout(resolve, 0))
}

/** Runs `draw` with React's hooks answered by one-render.ts, as they are in the head script. */
export function withOneRender<T>(draw: () => T): T {
  const saved = internals.H
  internals.H = ONE_RENDER
  try {
    return draw()
  } finally {
    internals.H = saved
  }
}

/**
 * The first screen as the head script draws it, or null when it draws nothing; with its title.
 * `shown`: what the HTML put in #root (its frame, unless its guard left it out).
 */
export function drawBeforeReact<P extends PageDescriptor>(
  page: P,
  screen: FirstScreen<ReturnType<P['parse']>>,
  shown: Shown = { frame: true },
) {
  const saved = internals.H
  internals.H = ONE_RENDER
  try {
    const element = screen.draw(
      page.parse(location.search) as ReturnType<P['parse']>,
      (request: ApiRequest) => {
        return peekArrived(request.path, request.params) ?? peekKeptReply(request.path, request.params)
      },
      shown,
    )
    if (element === null || element === undefined) return null
    const extras: DrawnExtras = { title: null }
    const root = document.createElement('div')
    root.append(...toDom(element, extras))
    return { root, title: extras.title }
  } finally {
    internals.H = saved
  }
}

/**
 * The page as React's first commit draws it (the element its main.tsx mounts), serialized (live: a
 * copy would lose what the controls hold), then unmounted.
 */
export function drawWithReact(element: ReactElement): { html: string; title: string } {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  act(() => root.render(<React.StrictMode>{element}</React.StrictMode>))
  const drawn = serialize(container)
  const title = document.title
  act(() => root.unmount())
  container.remove()
  return { html: drawn, title }
}

const CONTROLS = /^(button|input|select|textarea|a)$/

/**
 * The DOM as text for comparing: tags, attributes in order of name, what a form control holds
 * (value, checked, selected) and the text, adjacent text nodes joined. What only the head script adds
 * (the pending marks of to-dom.ts) is left out.
 */
export function serialize(node: Node, { dropPending = false } = {}): string {
  if (node.nodeType === Node.TEXT_NODE) return escape(node.textContent ?? '')
  if (!(node instanceof Element)) return ''
  const pending = dropPending && node.hasAttribute(PENDING)
  const attributes = [...node.attributes]
    .filter((a) => !(pending && (a.name === PENDING || (CONTROLS.test(node.localName) && /^(aria-disabled|readonly)$/.test(a.name)))))
    .map((a) => `${a.name}="${escape(a.value)}"`)
    .sort()
  const state: string[] = []
  if (node instanceof HTMLInputElement) state.push(`.value=${node.value}`, `.checked=${node.checked}`)
  if (node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement) state.push(`.value=${node.value}`)
  if (node instanceof HTMLOptionElement) state.push(`.selected=${node.selected}`)
  let inner = ''
  let text = ''
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += child.textContent ?? ''
    else {
      inner += escape(text) + serialize(child, { dropPending })
      text = ''
    }
  }
  inner += escape(text)
  const tag = node.localName
  return `<${[tag, ...attributes, ...state].join(' ')}>${inner}</${tag}>`
}

function escape(text: string): string {
  return text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Every attribute value and text of the drawn DOM that could run code: none may. */
export function unsafeBits(root: Element): string[] {
  const found: string[] = []
  for (const element of root.querySelectorAll('*')) {
    if (/^(script|iframe|object|embed)$/.test(element.localName)) found.push(`<${element.localName}>`)
    for (const a of element.attributes) {
      if (/^on/i.test(a.name)) found.push(`${element.localName}[${a.name}]`)
      if (/^\s*javascript:/i.test(a.value) && !a.value.startsWith("javascript:throw new Error('React has blocked"))
        found.push(`${a.name}=${a.value}`)
    }
  }
  return found
}
