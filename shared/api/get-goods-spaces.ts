import { defineGet } from './endpoint'
import type { SpaceGoods } from './types'

/** The capacity items on sale (`GET /v1/goods/spaces`). */
export const getGoodsSpaces = defineGet<SpaceGoods[]>(() => ({ path: '/v1/goods/spaces' }))
