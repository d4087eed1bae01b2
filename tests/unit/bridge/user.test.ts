import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { removeHost, sendFromHost } from './fake-host'

const UA_WITH_TOKEN = 'Mozilla/5.0 (iPhone) Mobile com.kidsenglish.app version_2.12.0 token_ua.token'

// The token and user live in module state: each test loads fresh modules.
async function load(userAgent = 'Mozilla/5.0 (iPhone) Mobile') {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent)
  vi.resetModules()
  const messages = await import('@shared/bridge/messages')
  const user = await import('@shared/bridge/user')
  messages.installNativeMessageHandler()
  user.syncUserFromHost()
  return user
}

const userInfo = (data: unknown) => sendFromHost({ type: 'userInfo', data })

beforeEach(() => localStorage.clear())
afterEach(removeHost)

describe('getToken', () => {
  it('is null with no token anywhere', async () => {
    const { getToken } = await load()
    expect(getToken()).toBeNull()
  })

  it('takes the user-agent token first', async () => {
    const { getToken } = await load(UA_WITH_TOKEN)
    userInfo({ token: 'host.token' })
    expect(getToken()).toBe('ua.token')
  })

  it('takes the userInfo token when the user agent has none, and saves it', async () => {
    const { getToken } = await load()
    userInfo({ token: 'host.token', user: { id: 1 } })
    expect(getToken()).toBe('host.token')
    expect(localStorage.getItem('token')).toBe('host.token')
  })

  it('reads the saved token back on the next load', async () => {
    localStorage.setItem('token', 'saved.token')
    const { getToken } = await load()
    expect(getToken()).toBe('saved.token')
  })

  it('refuses a token with characters that could break the header', async () => {
    const { getToken } = await load()
    userInfo({ token: 'abc\r\nX-Evil: 1' })
    expect(getToken()).toBeNull()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('keeps working when storage throws', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError')
    })
    const { getToken } = await load()
    expect(getToken()).toBeNull()
    expect(() => userInfo({ token: 'host.token' })).not.toThrow()
    expect(getToken()).toBe('host.token')
  })
})

describe('getUser and subscribeUser', () => {
  it('is null until the host sends userInfo', async () => {
    const { getUser } = await load()
    expect(getUser()).toBeNull()
  })

  it('keeps the user from userInfo and tells subscribers', async () => {
    const { getUser, subscribeUser } = await load()
    const listener = vi.fn()
    subscribeUser(listener)
    userInfo({ token: 't', user: { id: 5, nickName: '小明', avatar: 'a.png' } })
    expect(listener).toHaveBeenCalledOnce()
    expect(getUser()).toEqual({ id: 5, nickName: '小明', avatar: 'a.png' })
  })

  it('returns the same object until the next message', async () => {
    const { getUser } = await load()
    userInfo({ user: { id: 5 } })
    expect(getUser()).toBe(getUser())
  })

  it('stops telling a subscriber after unsubscribe', async () => {
    const { subscribeUser } = await load()
    const listener = vi.fn()
    subscribeUser(listener)()
    userInfo({ user: { id: 5 } })
    expect(listener).not.toHaveBeenCalled()
  })
})
