import { TextArea } from '@shared/components/text-area'
import { segmentLength } from '@shared/format'
import { CoverField } from './cover-field'
import { INTRO_MAX, TITLE_MAX, type FolderForm, type FormOptions } from './folder-form'
import { TagPicker } from './tag-picker'
import type { FormErrors } from './use-folder-form'
import styles from './book-create-page.module.css'

/** `3` → `3岁`; a value that already says 岁 stays. */
const ageLabel = (age: string) => (age.endsWith('岁') ? age : `${age}岁`)

/**
 * The prefix of the form's ids: one form per page, so fixed ones (useId's would differ between React and
 * the first screen its HTML draws before React).
 */
const FORM_ID = 'folder-'

/** Props of {@link FolderFormView}. */
export interface FolderFormViewProps {
  form: FolderForm
  options: FormOptions
  errors: FormErrors
  saving: boolean
  uploading: boolean
  change: <K extends keyof FolderForm>(key: K, value: FolderForm[K]) => void
  onUploadingChange: (uploading: boolean) => void
  onSave: () => void
}

/** The fields `名称` `分类` `适合年龄` `标签` `简介` `封面` and `保存`. */
export function FolderFormView({ form, options, errors, saving, uploading, change, onUploadingChange, onSave }: FolderFormViewProps) {
  const id = FORM_ID
  const titleOver = segmentLength(form.title) > TITLE_MAX
  const ageIndex = (age: string) => options.ages.indexOf(age)
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSave()
      }}
    >
      <div className={styles.field}>
        <div className={styles.labelRow}>
          <label htmlFor={`${id}title`} className={styles.label}>
            名称
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          </label>
          {/* Counts as the user types; red past the limit, before any save is tried. */}
          <span className={styles.count} data-over={titleOver || undefined} aria-hidden="true">
            {segmentLength(form.title)}/{TITLE_MAX}
          </span>
        </div>
        <input
          id={`${id}title`}
          className={styles.input}
          value={form.title}
          placeholder="请输入名称"
          required
          aria-invalid={errors.title || titleOver ? true : undefined}
          aria-describedby={errors.title ? `${id}titleError` : titleOver ? `${id}titleOver` : undefined}
          enterKeyHint="done"
          onChange={(event) => change('title', event.target.value)}
        />
        {errors.title && (
          <p id={`${id}titleError`} className={styles.error} role="alert">
            {errors.title}
          </p>
        )}
        {!errors.title && titleOver && (
          <p id={`${id}titleOver`} className={styles.error}>
            名称不能超过{TITLE_MAX}个字
          </p>
        )}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}category`} className={styles.label}>
          分类
        </label>
        <select
          id={`${id}category`}
          className={styles.input}
          value={form.categoryId ?? ''}
          onChange={(event) => change('categoryId', event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">未选择</option>
          {options.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>

      <div className={styles.field} role="group" aria-labelledby={`${id}ages`}>
        <span id={`${id}ages`} className={styles.label}>
          适合年龄
        </span>
        <div className={styles.range}>
          <select
            className={styles.input}
            aria-label="最小年龄"
            value={form.ageFrom}
            onChange={(event) => {
              const from = event.target.value
              change('ageFrom', from)
              // Keep the range in order: a "to" below the new "from" moves up to it.
              if (from && (!form.ageTo || ageIndex(form.ageTo) < ageIndex(from))) change('ageTo', from)
            }}
          >
            <option value="">不限</option>
            {options.ages.map((age) => (
              <option key={age} value={age}>
                {ageLabel(age)}
              </option>
            ))}
          </select>
          <span aria-hidden="true">-</span>
          <select
            className={styles.input}
            aria-label="最大年龄"
            value={form.ageTo}
            onChange={(event) => change('ageTo', event.target.value)}
          >
            <option value="">不限</option>
            {options.ages
              .filter((age) => !form.ageFrom || ageIndex(age) >= ageIndex(form.ageFrom) || age === form.ageTo)
              .map((age) => (
                <option key={age} value={age}>
                  {ageLabel(age)}
                </option>
              ))}
          </select>
        </div>
      </div>

      <div className={styles.field}>
        <span id={`${id}tags`} className={styles.label}>
          标签
        </span>
        <TagPicker labelledBy={`${id}tags`} options={options.tags} value={form.tags} onChange={(tags) => change('tags', tags)} />
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}intro`} className={styles.label}>
          简介
        </label>
        <TextArea
          id={`${id}intro`}
          value={form.intro}
          maxLength={INTRO_MAX}
          rows={4}
          placeholder="介绍一下这个文件夹"
          aria-invalid={errors.intro ? true : undefined}
          onChange={(intro) => change('intro', intro)}
        />
        {errors.intro && (
          <p className={styles.error} role="alert">
            {errors.intro}
          </p>
        )}
      </div>

      <div className={styles.field}>
        <span className={styles.label}>封面</span>
        <CoverField
          id={`${id}cover`}
          value={form.imageUrl}
          onChange={(url) => change('imageUrl', url)}
          onUploadingChange={onUploadingChange}
        />
      </div>

      {/* In the footer, on screen wherever the form is scrolled: a save that failed says so where it was tapped. */}
      <div className={styles.footer}>
        {errors.server && (
          <p className={`${styles.error} ${styles.saveError}`} role="alert">
            {errors.server}
          </p>
        )}
        <button type="submit" className={styles.save} disabled={saving || uploading}>
          保存
        </button>
      </div>
    </form>
  )
}
