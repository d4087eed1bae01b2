import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installNativeMessageHandler, parseNativeMessage, subscribeNative } from '@shared/bridge/messages'
import { EARLY_MESSAGES_GLOBAL, EARLY_MESSAGES_LIMIT } from '@shared/config/page-start'
import { removeHost, sendFromHost } from './fake-host'

const unsubscribes: (() => void)[] = []
const listen = <T extends Parameters<typeof subscribeNative>[0]>(type: T) => {
  const listener = vi.fn()
  unsubscribes.push(subscribeNative(type, listener))
  return listener
}

beforeEach(() => installNativeMessageHandler())
afterEach(() => {
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe())
  removeHost()
  // Messages no listener took wait for the next one (below): none may reach another test.
  delete (window as unknown as Record<string, unknown>)[EARLY_MESSAGES_GLOBAL]
})

describe('window.onNativeMessage', () => {
  it('delivers a message object to the listeners of its type only', () => {
    const visible = listen('visibleChange')
    const back = listen('backClick')
    sendFromHost({ type: 'visibleChange', data: { result: true } })
    expect(visible).toHaveBeenCalledWith({ type: 'visibleChange', data: { result: true } })
    expect(back).not.toHaveBeenCalled()
  })

  it('accepts the message as a JSON string', () => {
    const back = listen('backClick')
    sendFromHost('{"type":"backClick"}')
    expect(back).toHaveBeenCalledWith({ type: 'backClick', data: {} })
  })

  it.each([
    ['text that is not JSON', 'not json {'],
    ['null', null],
    ['a number', 42],
    ['an array', [{ type: 'backClick' }]],
    ['an object without type', { data: {} }],
    ['an unknown type', { type: 'launchMissiles' }],
    ['a type inherited from Object', { type: 'toString' }],
    ['JSON of a string', '"backClick"'],
  ])('ignores %s without throwing', (_what, input) => {
    const back = listen('backClick')
    expect(() => sendFromHost(input)).not.toThrow()
    expect(back).not.toHaveBeenCalled()
  })

  it('keeps delivering to the other listeners when one throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    unsubscribes.push(
      subscribeNative('backClick', () => {
        throw new Error('broken page code')
      }),
    )
    const back = listen('backClick')
    expect(() => sendFromHost({ type: 'backClick' })).not.toThrow()
    expect(back).toHaveBeenCalledOnce()
  })

  it('stops delivering after unsubscribe', () => {
    const listener = vi.fn()
    const unsubscribe = subscribeNative('backClick', listener)
    unsubscribe()
    sendFromHost({ type: 'backClick' })
    expect(listener).not.toHaveBeenCalled()
  })

  it('keeps a message no listener of its type was there for, and gives it once to the first that subscribes', async () => {
    // The bridge is installed as the page starts; the page subscribes in React's first effects. A store
    // that closes in between (visibleChange) must still refresh the page.
    sendFromHost({ type: 'visibleChange', data: { result: true } })
    const back = listen('backClick')
    const first = listen('visibleChange')
    const second = listen('visibleChange')
    await Promise.resolve()
    expect(first).toHaveBeenCalledExactlyOnceWith({ type: 'visibleChange', data: { result: true } })
    expect(second).toHaveBeenCalledOnce() // subscribed before the microtask: it hears the kept message too
    expect(back).not.toHaveBeenCalled()
    const late = listen('visibleChange')
    await Promise.resolve()
    expect(late).not.toHaveBeenCalled()
  })

  it('keeps at most EARLY_MESSAGES_LIMIT messages waiting for a listener', async () => {
    for (let i = 0; i < EARLY_MESSAGES_LIMIT + 5; i++) sendFromHost({ type: 'backClick', data: { i } })
    const back = listen('backClick')
    await Promise.resolve()
    expect(back).toHaveBeenCalledTimes(EARLY_MESSAGES_LIMIT)
    expect(back).toHaveBeenLastCalledWith({ type: 'backClick', data: { i: EARLY_MESSAGES_LIMIT - 1 } })
  })

  it('gives a listener that asks only for new messages none of the kept ones', async () => {
    // The login wait: a visibleChange from the photo picker long before must not end it at once.
    sendFromHost({ type: 'visibleChange', data: { result: true } })
    const wait = vi.fn()
    unsubscribes.push(subscribeNative('visibleChange', wait, { onlyNew: true }))
    await Promise.resolve()
    expect(wait).not.toHaveBeenCalled()
    sendFromHost({ type: 'visibleChange', data: { result: true } })
    expect(wait).toHaveBeenCalledOnce()
  })

  it('is installed once however often install is called', () => {
    const back = listen('backClick')
    const first = (window as unknown as { onNativeMessage: unknown }).onNativeMessage
    installNativeMessageHandler()
    expect((window as unknown as { onNativeMessage: unknown }).onNativeMessage).toBe(first)
    sendFromHost({ type: 'backClick' })
    expect(back).toHaveBeenCalledOnce()
  })

  it('ignores messages posted through window.postMessage', async () => {
    const back = listen('backClick')
    window.postMessage({ type: 'backClick' }, '*')
    window.postMessage('{"type":"backClick"}', '*')
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'backClick' } }))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(back).not.toHaveBeenCalled()
  })
})

describe('parseNativeMessage', () => {
  it('turns a truthy visibleChange result into true and a missing one into false', () => {
    expect(parseNativeMessage({ type: 'visibleChange', data: { result: 1 } })).toEqual({
      type: 'visibleChange',
      data: { result: true },
    })
    expect(parseNativeMessage({ type: 'visibleChange' })).toEqual({ type: 'visibleChange', data: { result: false } })
  })

  it('keeps only well-typed userInfo fields', () => {
    expect(parseNativeMessage({ type: 'userInfo', data: { token: 42, user: { id: 1, nickName: ['x'], avatar: 'a.png' } } })).toEqual({
      type: 'userInfo',
      data: { token: null, user: { id: 1, nickName: null, avatar: 'a.png' } },
    })
  })

  it('reads speechState fields and drops mistyped ones', () => {
    expect(parseNativeMessage({ type: 'speechState', data: { state: 'end', text: 'hi', score: '90' } })).toEqual({
      type: 'speechState',
      data: { state: 'end', text: 'hi', score: null },
    })
  })

  it('keeps a decryptResult id only when it is a string', () => {
    expect(parseNativeMessage({ type: 'decryptResult', data: { id: 7, data: 'x' } })).toMatchObject({
      data: { id: null, data: 'x' },
    })
  })
})
