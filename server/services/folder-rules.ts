/** The rules a folder's fields and place must follow (docs/contracts/api.md, docs/decisions.md). */
import { badRequest } from '../http/envelope'
import { countCharacters } from '../http/text'

export const TITLE_MAX = 30
export const INTRO_MAX = 200
export const TAG_MAX = 10

/** Where an item goes: the root, or a folder of this type. */
export type ParentKind = 'root' | 0 | 1 | 2

/**
 * Throws 400 unless an item of `type` may live in `parent`: books (0) only in book folders (1);
 * book folders (1) in a folder of folders (2) or at the root; folders of folders (2) only at the root.
 */
export function checkNesting(type: number, parent: ParentKind): void {
  if (type === 0 && parent !== 1) throw badRequest('绘本只能放在绘本文件夹中')
  if (type === 1 && parent !== 'root' && parent !== 2) throw badRequest('绘本文件夹只能放在根目录或合集文件夹中')
  if (type === 2 && parent !== 'root') throw badRequest('合集文件夹只能放在根目录')
}

const FORMAT = /\p{Cf}/u
/** The format characters an emoji sequence is made of: the zero-width joiner and the tag characters. */
const EMOJI_FORMAT = /^[\u200d\u{e0020}-\u{e007f}]$/u
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u

/**
 * Throws 400 when `text` holds a format character (Unicode category Cf: direction overrides such as
 * U+202E, zero-width spaces, the byte-order mark...), which make a name read otherwise than it is
 * stored, or hide a difference between two names that look the same. The joiner and tags inside an
 * emoji (👨‍👩‍👧, 🏴󠁧󠁢󠁳󠁣󠁴󠁿) are part of what the reader sees and stay allowed.
 */
export function refuseFormatCharacters(text: string, what: string): void {
  if (!FORMAT.test(text)) return
  for (const { segment } of new Intl.Segmenter('zh', { granularity: 'grapheme' }).segment(text)) {
    if (!FORMAT.test(segment)) continue
    const inEmoji = EMOJI.test(segment) && [...segment].every((c) => !FORMAT.test(c) || EMOJI_FORMAT.test(c))
    if (!inEmoji) throw badRequest(`${what}不能包含不可见的格式字符`)
  }
}

/** The trimmed title, 1–30 user-perceived characters. */
export function cleanTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed) throw badRequest('名称不能为空')
  refuseFormatCharacters(trimmed, '名称')
  if (countCharacters(trimmed) > TITLE_MAX) throw badRequest(`名称不能超过${TITLE_MAX}个字`)
  return trimmed
}

/** The trimmed intro (null = empty), at most 200 user-perceived characters. */
export function cleanIntro(intro: string | null): string {
  const trimmed = (intro ?? '').trim()
  refuseFormatCharacters(trimmed, '简介')
  if (countCharacters(trimmed) > INTRO_MAX) throw badRequest(`简介不能超过${INTRO_MAX}个字`)
  return trimmed
}

/**
 * Trimmed, non-empty, de-duplicated labels (null = none), each one of `allowed` (the choices
 * `GET /v1/bookCreation/options` offers, and the ones the folder already has, sent back unchanged):
 * a label is picked, never typed, so anything else (`<i>3</i>岁`) is a 400 and is never stored to be
 * offered back. Each is at most `max` characters.
 */
export function cleanLabels(labels: readonly string[] | null, max: number, what: string, allowed: ReadonlySet<string>): string[] {
  const out: string[] = []
  for (const label of labels ?? []) {
    const trimmed = label.trim()
    if (!trimmed || out.includes(trimmed)) continue
    if (countCharacters(trimmed) > max) throw badRequest(`${what}不能超过${max}个字`)
    refuseFormatCharacters(trimmed, what)
    if (!allowed.has(trimmed)) throw badRequest(`${what}只能从给出的选项中选择`)
    out.push(trimmed)
  }
  return out
}
