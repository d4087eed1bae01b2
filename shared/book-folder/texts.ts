/**
 * The delete confirmation of spec §5 (texts from contracts/ui-text.md): it names how many files go
 * with a folder that has children.
 */
export function deleteConfirmText(name: string, childCnt: number): string {
  return childCnt > 0 ? `“${name}”中包含${childCnt}个文件，确认删除吗？` : `确认删除“${name}”吗？`
}

/**
 * The summary card's tags line: `{category} · {ages} · {tags…}`, leaving out the parts that are empty.
 * @param ages the ages already formatted (`3-6岁`), or '' when none.
 */
export function tagsLine(category: string, ages: string, tags: readonly string[]): string {
  return [category, ages, ...tags]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' · ')
}
