/** What a folder or picture book without a name is called on screen. */
export const UNNAMED = '未命名'

/** The name as every part of the page shows it: a blank name is `未命名`. */
export function displayName(name: string): string {
  return name.trim() === '' ? UNNAMED : name
}

/**
 * The delete confirmation of docs/spec/product-spec.md §5 (texts from docs/contracts/ui-text.md): it names how many files go
 * with a folder that has children, and calls the item what its row calls it.
 */
export function deleteConfirmText(name: string, childCnt: number): string {
  const shown = displayName(name)
  return childCnt > 0 ? `“${shown}”中包含${childCnt}个文件，确认删除吗？` : `确认删除“${shown}”吗？`
}

/**
 * The summary card's tags line: `{category} · {ages} · {tags…}`, leaving out the parts that are empty.
 * The space before each dot does not break, so a wrapped line never starts with `·` (the card also
 * keeps each part whole: `word-break: keep-all`).
 * @param ages the ages already formatted (`3-6岁`), or '' when none.
 */
export function tagsLine(category: string, ages: string, tags: readonly string[]): string {
  return [category, ages, ...tags]
    .map((part) => part.trim())
    .filter(Boolean)
    .join('\u00a0· ')
}
