import { describe, expect, it, vi } from 'vitest'
import { shareOutside, type ShareHost } from '@shared/share-outside'

const PAYLOAD = { title: '价格调整通知', text: '会员方案价格即将调整', url: 'https://h5.example.com/price_up' }

const abort = () => Object.assign(new Error('cancelled'), { name: 'AbortError' })

describe('shareOutside', () => {
  it('asks for the share guide in WeChat and touches nothing else', async () => {
    const share = vi.fn(async () => {})
    expect(await shareOutside(PAYLOAD, { isWeChat: true, share })).toBe('guide')
    expect(share).not.toHaveBeenCalled()
  })

  it('uses the system share sheet where there is one', async () => {
    const share = vi.fn(async () => {})
    const writeClipboard = vi.fn(async () => {})
    expect(await shareOutside(PAYLOAD, { isWeChat: false, share, writeClipboard })).toBe('shared')
    expect(share).toHaveBeenCalledWith(PAYLOAD)
    expect(writeClipboard).not.toHaveBeenCalled()
  })

  it('says nothing when the user closes the share sheet', async () => {
    const writeClipboard = vi.fn(async () => {})
    const host: ShareHost = { isWeChat: false, share: () => Promise.reject(abort()), writeClipboard }
    expect(await shareOutside(PAYLOAD, host)).toBe('shared')
    expect(writeClipboard).not.toHaveBeenCalled()
  })

  it('copies the link when the share sheet refuses, or there is none', async () => {
    const writeClipboard = vi.fn(async () => {})
    expect(
      await shareOutside(PAYLOAD, { isWeChat: false, share: () => Promise.reject(new Error('NotAllowedError')), writeClipboard }),
    ).toBe('copied')
    expect(await shareOutside(PAYLOAD, { isWeChat: false, writeClipboard })).toBe('copied')
    expect(writeClipboard.mock.calls).toEqual([[PAYLOAD.url], [PAYLOAD.url]])
  })

  it('falls back to the selection copy when the clipboard is refused, and fails when that fails too', async () => {
    const refused = () => Promise.reject(new Error('denied'))
    const copyBySelection = vi.fn(() => true)
    expect(await shareOutside(PAYLOAD, { isWeChat: false, writeClipboard: refused, copyBySelection })).toBe('copied')
    expect(copyBySelection).toHaveBeenCalledWith(PAYLOAD.url)
    expect(await shareOutside(PAYLOAD, { isWeChat: false, writeClipboard: refused, copyBySelection: () => false })).toBe('failed')
    expect(await shareOutside(PAYLOAD, { isWeChat: false })).toBe('failed')
  })
})
