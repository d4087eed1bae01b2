/**
 * An age range as shown on cards: `['3','6']` → `3-6岁`, `['3岁','6岁']` → `3-6岁`, one age → `5岁`,
 * none → ''. Uses the first and last entries; blanks and non-strings are skipped.
 */
export function formatAges(ages: readonly unknown[] | null | undefined): string {
  const list = (Array.isArray(ages) ? ages : [])
    .map((age) => (typeof age === 'number' ? String(age) : typeof age === 'string' ? age.trim() : ''))
    .map((age) => age.replace(/岁$/, ''))
    .filter(Boolean)
  const first = list[0]
  const last = list[list.length - 1]
  if (first === undefined || last === undefined) return ''
  return first === last ? `${first}岁` : `${first}-${last}岁`
}
