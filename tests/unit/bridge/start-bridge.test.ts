import { afterEach, describe, expect, it, vi } from 'vitest'
import { installAndroidHost, removeHost, sendFromHost } from './fake-host'

async function load() {
  vi.resetModules()
  return import('@shared/bridge')
}

afterEach(removeHost)

describe('startBridge', () => {
  it('in the app, installs onNativeMessage and asks for the user', async () => {
    const android = installAndroidHost('getUserInfo')
    const { startBridge, getToken } = await load()
    startBridge()
    expect(android.getUserInfo).toHaveBeenCalledWith('{"sourceFrom":"h5"}')
    sendFromHost({ type: 'userInfo', data: { token: 'from.host' } })
    expect(getToken()).toBe('from.host')
  })

  it('in a browser, still installs onNativeMessage', async () => {
    const { startBridge } = await load()
    startBridge()
    expect(typeof (window as unknown as { onNativeMessage?: unknown }).onNativeMessage).toBe('function')
  })

  it('can be called twice without doubling the user sync', async () => {
    installAndroidHost('getUserInfo')
    const { startBridge, subscribeUser } = await load()
    startBridge()
    startBridge()
    const listener = vi.fn()
    subscribeUser(listener)
    sendFromHost({ type: 'userInfo', data: { user: { id: 1 } } })
    expect(listener).toHaveBeenCalledOnce()
  })
})
