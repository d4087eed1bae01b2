/**
 * shared/first-screen/paint.ts: the head script's painter draws the first screen from the early replies,
 * and a failure is reported (the field report's `first-screen` problem, the app's log), not swallowed.
 */
import { act, createElement } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startPage } from '@shared/app/start-page'
import { defineFirstScreen } from '@shared/first-screen/define'
import { handover } from '@shared/first-screen/handover'
import { paintFirstScreen } from '@shared/first-screen/paint'
import { PREFETCH_GLOBAL, putPrefetched } from '@shared/http/prefetch'
import { TELEMETRY_QUEUE_GLOBAL, type TelemetryEntry } from '@shared/telemetry/early'
import { installAndroidHost, removeHost } from '../bridge/fake-host'
import { forgetHandover } from './support/forget-handover'

const REQUEST = { path: '/v1/things', params: undefined }
const PAGE = { parse: () => ({}), requestsFor: () => [REQUEST] }
const w = window as unknown as Record<string, unknown>

/** The HTML as the build leaves it: the frame in #root, the early reply on its way or in. */
async function openWith(body: unknown): Promise<HTMLElement> {
  forgetHandover()
  for (const key of [TELEMETRY_QUEUE_GLOBAL, PREFETCH_GLOBAL]) delete w[key]
  for (const key of Object.keys(w)) if (key.startsWith('__kidsPrefetch')) delete w[key]
  document.body.innerHTML = '<div id="root"><p>加载中</p></div>'
  putPrefetched(REQUEST.path, REQUEST.params, Promise.resolve({ status: 200, body }))
  return document.getElementById('root')!
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const problems = () =>
  ((w[TELEMETRY_QUEUE_GLOBAL] as TelemetryEntry[] | undefined) ?? []).flatMap((e) => (e.type === 'problem' ? [e.problem] : []))

beforeAll(() => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
})

afterEach(() => {
  removeHost()
  document.body.replaceChildren()
})

describe('paintFirstScreen', () => {
  it('draws the screen from the early reply, and records no problem', async () => {
    const root = await openWith({ result: 'SUCCESS', data: { name: '小象' } })
    paintFirstScreen(
      PAGE,
      defineFirstScreen(PAGE, () => <h2>小象</h2>),
      { parsed: true },
    )
    await settle()
    expect(root.innerHTML).toBe('<h2>小象</h2>')
    expect(problems()).toEqual([])
  })

  it('leaves the frame, draws nothing more and records why when the screen cannot be drawn as React would', async () => {
    const root = await openWith({ result: 'SUCCESS', data: {} })
    paintFirstScreen(
      PAGE,
      defineFirstScreen(PAGE, () => <div style={{ transitionDelay: 5 } as never} />),
      { parsed: true },
    )
    await settle()
    expect(root.innerHTML).toBe('<p>加载中</p>')
    expect(problems()).toEqual([
      { kind: 'first-screen', message: 'first screen: the style number transitionDelay cannot be drawn before React' },
    ])
  })

  it('records a component that throws on the reply the same way', async () => {
    await openWith({ result: 'SUCCESS', data: null })
    const Broken = (): never => {
      throw new TypeError('the reply has no name')
    }
    paintFirstScreen(
      PAGE,
      defineFirstScreen(PAGE, () => <Broken />),
      { parsed: true },
    )
    await settle()
    expect(problems()).toEqual([{ kind: 'first-screen', message: 'the reply has no name' }])
  })
})

describe('the page’s code after a first screen that could not be drawn', () => {
  it('writes the page and the reason into the app’s log once its bridge is up, once', async () => {
    const root = await openWith({ result: 'SUCCESS', data: {} })
    const host = installAndroidHost('getUserInfo', 'nativeLog')
    history.replaceState(null, '', '/vip_sale?secret=1')
    paintFirstScreen(
      PAGE,
      defineFirstScreen(PAGE, () => createElement('my-card')),
      { parsed: true },
    )
    await settle()
    expect(host.nativeLog!).not.toHaveBeenCalled() // the head script leaves the bridge to the page
    await act(async () => startPage(<p>React</p>))
    expect(root.textContent).toBe('React')
    expect(host.nativeLog!.mock.calls).toEqual([
      [JSON.stringify({ key: 'first-screen', value: '/vip_sale: first screen: <my-card> cannot be drawn before React' })],
    ])
    expect(handover()!.failure).toBeNull()
  })
})
