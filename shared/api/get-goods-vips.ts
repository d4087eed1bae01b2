import { defineGet } from './endpoint'
import type { VipGoods } from './types'

/** The membership plans on sale, in display order (`GET /v1/goods/vips`). */
export const getGoodsVips = defineGet<VipGoods[]>(() => ({ path: '/v1/goods/vips' }))
