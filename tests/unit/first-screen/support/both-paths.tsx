/**
 * Renders a page both ways from the same early replies (issue 31): as the HTML's head script draws its
 * first screen — the very script the build wrote into the page's HTML (dist/, built-screens.ts), run
 * here: its `react` is the one-render stand-in and its handlers are stripped as in production — and
 * as React draws the page in its first commit; and serializes both so a test can compare them.
 */
import * as React from 'react'
import { act, type ReactElement } from 'react'
import { createRoot } from 'react-dom/client'
import { vi } from 'vitest'
import type { ApiRequest } from '@shared/api/endpoint'
import { resetEnvForTests } from '@shared/env'
import type { Shown } from '@shared/first-screen/define'
import { putKept, putPrefetched } from '@shared/http/prefetch'
import { PENDING } from '@shared/first-screen/to-dom'
import { TELEMETRY_QUEUE_GLOBAL, type TelemetryEntry } from '@shared/telemetry/early'
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

// React's act() in this environment (as mount-page.test.tsx).
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

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
    // A kept reply is drawn while the head script asks again (that request is what the painter watches).
    if (reply.kept) {
      putKept(reply.request.path, reply.request.params, answer)
      putPrefetched(reply.request.path, reply.request.params, new Promise(() => {}))
    } else putPrefetched(reply.request.path, reply.request.params, reply.pending ? new Promise(() => {}) : Promise.resolve(answer))
  }
  // The replies settle (prefetch.ts records them as they do).
  await new Promise((resolve) => setTimeout(resolve, 0))
}

const w = window as unknown as Record<string, unknown>
/** What a title is before the script runs: a script that sets none leaves it. */
const NO_TITLE = '(no title)'

/**
 * The first screen as the page's built head script draws it into #root, or null when it draws nothing;
 * with its title and the problems it recorded (a painter failure: then it drew nothing either).
 * `shown`: what the HTML put in #root (its frame, unless its guard left it out).
 */
export function drawBeforeReact(script: string, shown: Shown = { frame: true }) {
  document.body.innerHTML = `<div id="root">${shown.frame ? '<div aria-busy="true">加载中</div>' : ''}</div>`
  document.title = NO_TITLE
  delete w[TELEMETRY_QUEUE_GLOBAL]
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the build's own script, as the HTML runs it
  new Function(script)()
  const root = document.getElementById('root')!
  const problems = ((w[TELEMETRY_QUEUE_GLOBAL] as TelemetryEntry[] | undefined) ?? []).flatMap((e) =>
    e.type === 'problem' ? [e.problem.message] : [],
  )
  const drawn = root.getAttribute('data-prerendered') === 'replace'
  const copy = document.createElement('div')
  copy.append(...root.childNodes)
  document.body.replaceChildren()
  return { root: drawn ? copy : null, title: document.title === NO_TITLE ? null : document.title, problems }
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
 * A CSS module's class as its local name: the build names it `_bar_o2yg1_1` and the test's transform
 * `_bar_8f2a1c`; both come from the same module, which is what matters here.
 */
const localClass = (value: string) =>
  value
    .split(' ')
    .map((name) => /^_(.+?)_[\w-]{5,6}(?:_\d+)?$/.exec(name)?.[1] ?? name)
    .join(' ')

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
    .map((a) => `${a.name}="${escape(a.name === 'class' ? localClass(a.value) : a.value)}"`)
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
