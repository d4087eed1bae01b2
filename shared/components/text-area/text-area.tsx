import { useRef, useState, type ChangeEvent, type FocusEvent, type TextareaHTMLAttributes } from 'react'
import { segmentLength } from '../../format/segments'
import { limitEdit } from './limit-edit'
import styles from './text-area.module.css'

/** Props of `TextArea`; other textarea attributes (id, name, placeholder, rows, aria-*) pass through. */
export interface TextAreaProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'defaultValue' | 'onChange' | 'maxLength'
> {
  /** The field's id; its counter is `${id}-count` (given, not useId's: a first screen drawn before React has none). */
  id: string
  value: string
  /** Called with each committed value, already within `maxLength` (never mid-composition). */
  onChange: (value: string) => void
  /** Most user-perceived characters (`👨‍👩‍👧` counts once). */
  maxLength: number
}

/**
 * A text area with a length limit counted in user-perceived characters and a `{n}/{max}` counter.
 * Chinese IME composition runs untouched and is cut only after `compositionend`; an over-long edit
 * cuts what was inserted, so typing at the limit in the middle never eats the text's tail.
 * Some Android keyboards never send `compositionend` (on blur, or when a composition is cancelled):
 * a blur, or an input event that says it is not composing, then ends the composition, so the text
 * on screen always reaches `onChange`.
 */
export function TextArea({ value, onChange, maxLength, className, onBlur, ...rest }: TextAreaProps) {
  const counterId = `${rest.id}-count`
  // Non-null while an IME composes: the raw text shown, which may be over the limit for a moment.
  const [draft, setDraft] = useState<string | null>(null)
  const composing = useRef(false)
  const shown = draft ?? value

  // Writes the limited value into the element at once, caret included: React then finds the DOM
  // already equal to the new value and leaves the caret alone instead of moving it to the end.
  const commit = (element: HTMLTextAreaElement) => {
    const edit = limitEdit(value, element.value, maxLength, element.selectionEnd ?? undefined)
    if (edit.value !== element.value) {
      element.value = edit.value
      element.setSelectionRange(edit.caret, edit.caret)
    }
    if (edit.value !== value) onChange(edit.value)
  }

  // Ends a composition (a real compositionend, or one that never came) and commits what is shown,
  // through the same limit as any other edit.
  const endComposition = (element: HTMLTextAreaElement) => {
    composing.current = false
    setDraft(null)
    commit(element)
  }

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const native = event.nativeEvent as Partial<InputEvent>
    // An input event that says it is not composing, while a composition is open, means the
    // compositionend was lost: the composition is over. (Events without the flag prove nothing.)
    const stale = native.isComposing === false && (composing.current || draft !== null)
    if (stale) endComposition(event.target)
    else if (composing.current || native.isComposing) setDraft(event.target.value)
    else commit(event.target)
  }

  const handleCompositionStart = () => {
    composing.current = true
  }

  const handleBlur = (event: FocusEvent<HTMLTextAreaElement>) => {
    if (composing.current || draft !== null) endComposition(event.currentTarget)
    onBlur?.(event)
  }

  const count = segmentLength(shown)
  const describedBy = [rest['aria-describedby'], counterId].filter(Boolean).join(' ')
  return (
    <div className={[styles.textArea, className].filter(Boolean).join(' ')}>
      <textarea
        {...rest}
        className={styles.input}
        value={shown}
        aria-describedby={describedBy}
        onChange={handleChange}
        onCompositionStart={handleCompositionStart}
        onCompositionEnd={(event) => endComposition(event.currentTarget)}
        onBlur={handleBlur}
      />
      <span id={counterId} className={count > maxLength ? `${styles.counter} ${styles.over}` : styles.counter}>
        {count}/{maxLength}
      </span>
    </div>
  )
}
