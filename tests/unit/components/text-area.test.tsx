import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { limitEdit, TextArea } from '@shared/components/text-area'

const FAMILY = '👨‍👩‍👧'
const E_ACUTE = 'e\u0301'

function Field({ initial = '', max = 5, onChange }: { initial?: string; max?: number; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <TextArea
      id="intro"
      aria-label="简介"
      value={value}
      maxLength={max}
      onChange={(next) => {
        onChange?.(next)
        setValue(next)
      }}
    />
  )
}

const box = () => screen.getByRole('textbox', { name: '简介' }) as HTMLTextAreaElement

/** Types into the box as the browser reports it: the new value and the caret after the edit. */
function input(value: string, caret = value.length) {
  fireEvent.change(box(), { target: { value, selectionStart: caret, selectionEnd: caret } })
}

describe('TextArea', () => {
  it('shows the count and the limit', () => {
    render(<Field initial="ab" max={30} />)
    screen.getByText('2/30')
  })

  it('links the counter to the box as its description', () => {
    render(<Field initial="ab" max={30} />)
    expect(box().getAttribute('aria-describedby')).toBe(screen.getByText('2/30').id)
  })

  it('counts an emoji family and a combined accent as one character each', () => {
    render(<Field max={5} />)
    input(`${FAMILY}${E_ACUTE}😀`)
    screen.getByText('3/5')
  })

  it('cuts a long paste at the end to the limit', () => {
    render(<Field max={5} />)
    input('abcdefgh')
    expect(box().value).toBe('abcde')
    screen.getByText('5/5')
  })

  it('never splits an emoji when cutting', () => {
    render(<Field initial="abcd" max={5} />)
    input(`abcd${FAMILY}${FAMILY}`)
    expect(box().value).toBe(`abcd${FAMILY}`)
  })

  it('keeps the tail when typing at the limit in the middle', () => {
    const onChange = vi.fn()
    render(<Field initial="abcde" max={5} onChange={onChange} />)
    input('abXcde', 3)
    expect(box().value).toBe('abcde')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('keeps the caret where the typing happened when an edit is refused', () => {
    render(<Field initial="abcde" max={5} />)
    input('abXcde', 3)
    expect(box().selectionEnd).toBe(2)
  })

  it('inserts as much of a paste in the middle as fits and keeps the tail', () => {
    render(<Field initial="abc" max={5} />)
    input('aXYZbc', 4)
    expect(box().value).toBe('aXYbc')
    expect(box().selectionEnd).toBe(3)
  })

  it('lets a value already over the limit be shortened', () => {
    const onChange = vi.fn()
    render(<Field initial="abcdefg" max={5} onChange={onChange} />)
    input('abcdef')
    expect(onChange).toHaveBeenCalledWith('abcdef')
    screen.getByText('6/5')
  })

  describe('while an IME composes', () => {
    it('shows the composing text untouched even past the limit', () => {
      const onChange = vi.fn()
      render(<Field initial="abcd" max={5} onChange={onChange} />)
      fireEvent.compositionStart(box())
      input('abcdni hao')
      expect(box().value).toBe('abcdni hao')
      expect(onChange).not.toHaveBeenCalled()
    })

    it('cuts the composed text only after compositionend', () => {
      const onChange = vi.fn()
      render(<Field initial="abcd" max={5} onChange={onChange} />)
      fireEvent.compositionStart(box())
      input('abcdni hao')
      input('abcd你好')
      fireEvent.compositionEnd(box())
      expect(box().value).toBe('abcd你')
      expect(onChange).toHaveBeenCalledTimes(1)
      expect(onChange).toHaveBeenCalledWith('abcd你')
    })

    it('keeps the tail when a composition ends in the middle at the limit', () => {
      render(<Field initial="abcde" max={5} />)
      box().setSelectionRange(2, 2)
      fireEvent.compositionStart(box())
      input('ab你好cde', 4)
      fireEvent.compositionEnd(box())
      expect(box().value).toBe('abcde')
    })

    it('keeps composing on an input event that says it is composing', () => {
      const onChange = vi.fn()
      render(<Field initial="abcd" max={5} onChange={onChange} />)
      fireEvent.compositionStart(box())
      fireEvent.input(box(), { target: { value: 'abcdni hao' }, isComposing: true })
      expect(box().value).toBe('abcdni hao')
      expect(onChange).not.toHaveBeenCalled()
    })

    it('commits within the limit on blur when compositionend never arrives', () => {
      const onChange = vi.fn()
      render(<Field initial="abcd" max={5} onChange={onChange} />)
      fireEvent.compositionStart(box())
      input('abcd你好')
      fireEvent.blur(box())
      expect(box().value).toBe('abcd你')
      expect(onChange).toHaveBeenCalledWith('abcd你')
    })

    it('ends a composition left open when an input event says it is not composing', () => {
      const onChange = vi.fn()
      render(<Field max={30} onChange={onChange} />)
      fireEvent.compositionStart(box())
      input('你')
      fireEvent.input(box(), { target: { value: '你好' }, isComposing: false })
      expect(onChange).toHaveBeenLastCalledWith('你好')
      screen.getByText('2/30')
    })

    it('sends later typing to onChange after a lost compositionend', () => {
      const onChange = vi.fn()
      render(<Field max={30} onChange={onChange} />)
      fireEvent.compositionStart(box())
      input('你')
      fireEvent.blur(box())
      input('你好')
      expect(onChange).toHaveBeenLastCalledWith('你好')
    })

    it('still calls the onBlur it was given', () => {
      const onBlur = vi.fn()
      render(<TextArea id="intro" aria-label="简介" value="" maxLength={5} onChange={() => {}} onBlur={onBlur} />)
      fireEvent.blur(box())
      expect(onBlur).toHaveBeenCalledOnce()
    })

    it('commits a composition that fits as it is', () => {
      const onChange = vi.fn()
      render(<Field max={30} onChange={onChange} />)
      fireEvent.compositionStart(box())
      input('ni')
      input('你')
      fireEvent.compositionEnd(box())
      expect(onChange).toHaveBeenLastCalledWith('你')
      screen.getByText('1/30')
    })
  })
})

describe('limitEdit', () => {
  it('lets an edit that fits through unchanged', () => {
    expect(limitEdit('ab', 'abc', 5)).toEqual({ value: 'abc', caret: 3 })
  })

  it('cuts an inserted combined accent whole rather than leaving half', () => {
    expect(limitEdit('abcd', `abcd${E_ACUTE}${E_ACUTE}`, 5).value).toBe(`abcd${E_ACUTE}`)
  })

  it('does not count an accent that merges with the character before it as a new character', () => {
    expect(limitEdit('abcde', `abcde\u0301`, 5).value).toBe(`abcde\u0301`)
  })

  it('finds the insertion without a caret by comparing both ends', () => {
    expect(limitEdit('abcde', 'abXYcde', 5)).toEqual({ value: 'abcde', caret: 2 })
  })

  it('uses the caret to place an insertion inside a run of equal characters', () => {
    expect(limitEdit('aaaa', 'aaaaaa', 5, 2)).toEqual({ value: 'aaaaa', caret: 1 })
  })

  it('never splits a surrogate pair between the kept parts', () => {
    const result = limitEdit('😀😀', '😀😁😀', 2)
    expect(result.value).toBe('😀😀')
    expect(result.value.length).toBe(4)
  })
})
