import styles from './tag-picker.module.css'

/** Props of {@link TagPicker}. */
export interface TagPickerProps {
  /** Id of the element that names the group (the field's label). */
  labelledBy: string
  options: string[]
  value: string[]
  onChange: (tags: string[]) => void
}

/** `标签`: a multi-select of toggle buttons (`aria-pressed`), in the options' order. */
export function TagPicker({ labelledBy, options, value, onChange }: TagPickerProps) {
  if (options.length === 0) return <p className={styles.none}>暂无可选标签</p>
  const toggle = (tag: string) =>
    onChange(value.includes(tag) ? value.filter((t) => t !== tag) : options.filter((t) => t === tag || value.includes(t)))
  return (
    <div role="group" aria-labelledby={labelledBy} className={styles.tags}>
      {options.map((tag) => (
        <button key={tag} type="button" className={styles.tag} aria-pressed={value.includes(tag)} onClick={() => toggle(tag)}>
          {tag}
        </button>
      ))}
    </div>
  )
}
