/** shared/clipboard: the one way the pages copy text (the invite code, a shared link). */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { copyBySelection, copyText } from '@shared/clipboard'

afterEach(() => {
  vi.unstubAllGlobals()
  delete (document as { execCommand?: unknown }).execCommand
})

/** Records the text area `execCommand('copy')` copies from: its value, font size and whole-text selection. */
function stubExecCommand(result: boolean) {
  const seen: { value: string; fontSize: string; selected: boolean }[] = []
  const exec = vi.fn(() => {
    const area = document.querySelector('textarea')!
    seen.push({
      value: area.value,
      fontSize: area.style.fontSize,
      selected: area.selectionStart === 0 && area.selectionEnd === area.value.length,
    })
    return result
  })
  // happy-dom has no execCommand: assigned as a page script would, and deleted after each test (the unit
  // files share one document per worker).
  document.execCommand = exec
  return { exec, seen }
}

describe('copyText', () => {
  it('uses the Clipboard API where it works', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    expect(await copyText('XMMM2025')).toBe(true)
    expect(writeText).toHaveBeenCalledWith('XMMM2025')
  })

  it('falls back to a selected 16 px text area (iOS does not zoom) when the API refuses, and leaves nothing behind', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } })
    const { seen } = stubExecCommand(true)
    expect(await copyText('XMMM2025')).toBe(true)
    expect(seen).toEqual([{ value: 'XMMM2025', fontSize: '16px', selected: true }])
    expect(document.querySelector('textarea')).toBeNull()
  })

  it('says so when nothing could copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined })
    stubExecCommand(false)
    expect(await copyText('x')).toBe(false)
    expect(copyBySelection('x')).toBe(false)
  })
})
