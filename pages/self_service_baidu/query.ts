import type { QueryOf } from '@shared/app/define-page'
import { modeOf, type ModeFromQuery } from './mode'
import page from './page'

export { modeOf, type ImportMode, type ModeFromQuery } from './mode'

/** The page's query, as its descriptor reads it (page.ts). */
export type CloudPageQuery = QueryOf<(typeof page)['params']>

/** The mode of a query string (`?albumId=…`). */
export const modeFromQuery = (search: string): ModeFromQuery => modeOf(page.parse(search))
