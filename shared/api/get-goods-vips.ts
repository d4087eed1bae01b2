import { httpGet, type ApiResult } from '../http'
import type { VipGoods } from './types'

/** The membership plans on sale, in display order (`GET /v1/goods/vips`). */
export function getGoodsVips(): Promise<ApiResult<VipGoods[]>> {
  return httpGet<VipGoods[]>('/v1/goods/vips')
}
