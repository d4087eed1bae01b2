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

  it('goes to the home page in a browser with no history and no bridge', () => {
    vi.spyOn(history, 'length', 'get').mockReturnValue(1)
    const back = vi.spyOn(history, 'back').mockImplementation(() => {})
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    goBackOrClose()
    expect(assign).toHaveBeenCalledWith('/')
    expect(back).not.toHaveBeenCalled()
  })

  it('stays in the app when the WebView closes', () => {
    vi.spyOn(history, 'length', 'get').mockReturnValue(1)
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    installIosHost('closeWebview')
    goBackOrClose()
    expect(assign).not.toHaveBeenCalled()
  })
})
