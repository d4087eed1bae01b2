import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest'
import type * as DecryptQueue from '@shared/bridge/decrypt-queue'
import { installIosHost, removeHost, sendFromHost } from './fake-host'

// The queue keeps module state: each test gets a fresh copy.
let bridge: typeof DecryptQueue
let missingCall: Mock
let ios: Record<string, Mock>

/** The ids the page sent with each nativeDecrypt call so far. */
const sentIds = () => ios.nativeDecrypt!.mock.calls.map(([payload]) => (payload as { id: string }).id)

beforeEach(async () => {
  vi.useFakeTimers()
  vi.resetModules()
  bridge = await import('@shared/bridge/decrypt-queue')
  missingCall = vi.fn()
  ;(await import('@shared/bridge/missing-call')).onMissingCall(missingCall)
  ios = installIosHost('nativeDecrypt', 'nativeLog')
})

afterEach(() => {
  vi.useRealTimers()
  removeHost()
})

describe('nativeDecryptData', () => {
  it('sends the data under a fresh v4 uuid and resolves with the answer for that id', async () => {
    const result = bridge.nativeDecryptData('cipher')
    const [id] = sentIds()
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(ios.nativeDecrypt).toHaveBeenCalledWith({ id, data: 'cipher' })
    sendFromHost({ type: 'decryptResult', data: { id, data: { plain: true } } })
    await expect(result).resolves.toEqual({ plain: true })
  })

  it('runs one request at a time, the next after the answer', async () => {
    const first = bridge.nativeDecryptData('one')
    const second = bridge.nativeDecryptData('two')
    expect(ios.nativeDecrypt).toHaveBeenCalledOnce()
    sendFromHost({ type: 'decryptResult', data: { id: sentIds()[0], data: 1 } })
    await expect(first).resolves.toBe(1)
    expect(ios.nativeDecrypt).toHaveBeenCalledTimes(2)
    const [firstId, secondId] = sentIds()
    expect(secondId).not.toBe(firstId)
    expect(ios.nativeDecrypt).toHaveBeenLastCalledWith({ id: secondId, data: 'two' })
    sendFromHost({ type: 'decryptResult', data: { id: secondId, data: 2 } })
    await expect(second).resolves.toBe(2)
  })

  it('ignores an answer with an unknown id', async () => {
    const result = bridge.nativeDecryptData('cipher')
    const settled = vi.fn()
    result.then(settled, settled)
    sendFromHost({ type: 'decryptResult', data: { id: 'someone-else', data: 'wrong' } })
    await vi.advanceTimersByTimeAsync(100)
    expect(settled).not.toHaveBeenCalled()
    sendFromHost({ type: 'decryptResult', data: { id: sentIds()[0], data: 'right' } })
    await expect(result).resolves.toBe('right')
  })

  it('rejects when the answer carries an error', async () => {
    const result = bridge.nativeDecryptData('cipher')
    sendFromHost({ type: 'decryptResult', data: { id: sentIds()[0], error: 'bad key' } })
    await expect(result).rejects.toMatchObject({ reason: 'rejected' })
  })

  it('times out after 10,000 ms, logs the id and starts the next request', async () => {
    const first = bridge.nativeDecryptData('one')
    const firstFailure = expect(first).rejects.toMatchObject({ name: 'NativeDecryptError', reason: 'timeout' })
    const second = bridge.nativeDecryptData('two')
    const [firstId] = sentIds()

    await vi.advanceTimersByTimeAsync(9_999)
    expect(ios.nativeDecrypt).toHaveBeenCalledOnce()
    await vi.advanceTimersByTimeAsync(1)

    await firstFailure
    expect(ios.nativeLog).toHaveBeenCalledWith({ key: 'decrypt-timeout', value: firstId })
    expect(ios.nativeDecrypt).toHaveBeenCalledTimes(2)
    const secondId = sentIds()[1]
    // A late answer to the timed-out request changes nothing for the next one.
    sendFromHost({ type: 'decryptResult', data: { id: firstId, data: 'late' } })
    sendFromHost({ type: 'decryptResult', data: { id: secondId, data: 'two-plain' } })
    await expect(second).resolves.toBe('two-plain')
  })

  it('fails at once and reports nativeDecrypt missing when the app has no nativeDecrypt', async () => {
    removeHost()
    await expect(bridge.nativeDecryptData('cipher')).rejects.toMatchObject({ reason: 'unavailable' })
    expect(missingCall).toHaveBeenCalledExactlyOnceWith('nativeDecrypt')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('fails without waiting when the handler throws, and moves on', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    ios.nativeDecrypt!.mockImplementationOnce(() => {
      throw new Error('native crash')
    })
    const first = bridge.nativeDecryptData('one')
    const second = bridge.nativeDecryptData('two')
    await expect(first).rejects.toMatchObject({ reason: 'unavailable' })
    expect(ios.nativeDecrypt).toHaveBeenCalledTimes(2)
    sendFromHost({ type: 'decryptResult', data: { id: sentIds()[1], data: 2 } })
    await expect(second).resolves.toBe(2)
  })
})
