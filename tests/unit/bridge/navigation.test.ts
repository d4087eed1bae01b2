import { afterEach, describe, expect, it, vi } from 'vitest'
import { goBackOrClose } from '@shared/bridge/navigation'
import { installIosHost, removeHost } from './fake-host'

afterEach(removeHost)

describe('goBackOrClose', () => {
  it('goes back when there is history', () => {
    vi.spyOn(history, 'length', 'get').mockReturnValue(2)
    const back = vi.spyOn(history, 'back').mockImplementation(() => {})
    const ios = installIosHost('closeWebview')
    goBackOrClose()
    expect(back).toHaveBeenCalledOnce()
    expect(ios.closeWebview).not.toHaveBeenCalled()
  })

  it('closes the WebView when this is the first page', () => {
    vi.spyOn(history, 'length', 'get').mockReturnValue(1)
    const back = vi.spyOn(history, 'back').mockImplementation(() => {})
    const ios = installIosHost('closeWebview')
    goBackOrClose()
    expect(ios.closeWebview).toHaveBeenCalledWith({ sourceFrom: 'h5' })
    expect(back).not.toHaveBeenCalled()
  })

  it('does nothing in a browser with no history and no bridge', () => {
    vi.spyOn(history, 'length', 'get').mockReturnValue(1)
    const back = vi.spyOn(history, 'back').mockImplementation(() => {})
    expect(() => goBackOrClose()).not.toThrow()
    expect(back).not.toHaveBeenCalled()
  })
})
