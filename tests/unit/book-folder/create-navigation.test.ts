import { describe, expect, it, vi } from 'vitest'
import { returnToList } from '../../../pages/generate_book/create/navigation'

const referrer = (url: string) => vi.spyOn(document, 'referrer', 'get').mockReturnValue(url)
const historyLength = (n: number) => vi.spyOn(history, 'length', 'get').mockReturnValue(n)

describe('returnToList', () => {
  const back = () => vi.spyOn(history, 'back').mockImplementation(() => {})
  const replace = () => vi.spyOn(window.location, 'replace').mockImplementation(() => {})

  it('goes back when a list opened the page', () => {
    referrer(`${location.origin}/generate_book/list?id=12`)
    historyLength(3)
    const backed = back()
    const replaced = replace()
    returnToList(12)
    expect(backed).toHaveBeenCalledOnce()
    expect(replaced).not.toHaveBeenCalled()
  })

  it('replaces the page with the given list when there is no referrer', () => {
    referrer('')
    historyLength(3)
    const backed = back()
    const replaced = replace()
    returnToList(12)
    expect(replaced).toHaveBeenCalledWith('/generate_book/list?id=12')
    expect(backed).not.toHaveBeenCalled()
  })

  it('replaces the page with the given list when another site opened it', () => {
    referrer('https://example.com/generate_book/list?id=12')
    historyLength(3)
    const replaced = replace()
    returnToList(0)
    expect(replaced).toHaveBeenCalledWith('/generate_book/list?id=0')
  })
})
