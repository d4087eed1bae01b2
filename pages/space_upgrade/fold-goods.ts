/** How many goods the list shows before `展开更多` (docs/spec/product-spec.md §9). */
export const GOODS_SHOWN_BY_DEFAULT = 3

/** What the goods list shows for one expanded/collapsed state. */
export interface GoodsFold<T> {
  /** The rows on screen, in server order. */
  shown: readonly T[]
  /** The toggle under the list: `expand` (`展开更多`), `collapse` (`收起`), or none when all fit. */
  toggle: 'expand' | 'collapse' | null
}

/**
 * Folds a goods list to its first `limit` rows unless `expanded`. The toggle appears only when there
 * are more rows than the limit, so a short list never shows a button that does nothing.
 */
export function foldGoods<T>(goods: readonly T[], expanded: boolean, limit = GOODS_SHOWN_BY_DEFAULT): GoodsFold<T> {
  if (goods.length <= limit) return { shown: goods, toggle: null }
  return expanded ? { shown: goods, toggle: 'collapse' } : { shown: goods.slice(0, limit), toggle: 'expand' }
}
