/**
 * The query parameter kinds of a page's descriptor (define-page.ts re-exports them as `param`:
 * `param.id()`). Each is its own export, so the inline script of a page's HTML carries only the kinds
 * its page uses.
 */

/** How a query parameter is read (the manifest names the kind). */
export type ParamKind = 'text' | 'id' | 'folderId' | 'requiredId' | 'wholeNumber' | 'flag'

/** One query parameter: its parser, and the value the prerender probes the page with. */
export interface Param<T> {
  kind: ParamKind
  /** A value unlike the parameter's default: the prerender renders the page with and without it. */
  probe: string
  /** A real link to the page always carries it (a share link's `r`): the prerender's typical URL has it. */
  required: boolean
  parse(raw: string | undefined): T
}

interface ParamOptions {
  probe?: string
  required?: boolean
}

const whole = (raw: string | undefined, min: number): number | undefined => {
  if (raw === undefined || !raw.trim()) return undefined
  const n = Number(raw)
  return Number.isSafeInteger(n) && n >= min ? n : undefined
}

const make =
  <T>(kind: ParamKind, probe: string, parse: (raw: string | undefined) => T) =>
  (options: ParamOptions = {}): Param<T> => ({ kind, probe: options.probe ?? probe, required: options.required ?? false, parse })

/** Trimmed text, `''` when absent; at most `maxLength` characters. */
export const text = (options: ParamOptions & { maxLength?: number } = {}): Param<string> =>
  make('text', 'probe', (raw) => (raw ?? '').trim().slice(0, options.maxLength ?? Infinity))(options)

/** A positive whole number, anything else `0` (a folder id where 0 is the top level). */
export const id = make<number>('id', '7', (raw) => whole(raw, 1) ?? 0)

/**
 * A folder to show: a whole number from 0 (0 is the top level), `0` when absent or empty, and `null` for
 * anything else (`?id=abc`): a malformed link names no folder, and must not open the top level instead.
 */
export const folderId = make<number | null>('folderId', '7', (raw) => (raw === undefined || !raw.trim() ? 0 : (whole(raw, 0) ?? null)))

/** A positive whole number, anything else absent (the folder being edited). */
export const requiredId = make<number | undefined>('requiredId', '7', (raw) => whole(raw, 1))

/** A whole number from 0, anything else absent (`listId`, where 0 is the index). */
export const wholeNumber = make<number | undefined>('wholeNumber', '7', (raw) => whole(raw, 0))

/** `1` is true, anything else false (`isNeedBackWeb=1`). */
export const flag = make<boolean>('flag', '1', (raw) => raw === '1')
