import { defineGet } from './endpoint'
import type { BookCreationOptions } from './types'

/** The categories, ages and tags the create form offers (`GET /v1/bookCreation/options`). */
export const getBookCreationOptions = defineGet<BookCreationOptions>(() => ({ path: '/v1/bookCreation/options' }))
