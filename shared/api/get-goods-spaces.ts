import { httpGet, type ApiResult } from '../http'
import type { SpaceGoods } from './types'

/** The capacity items on sale (`GET /v1/goods/spaces`). */
export function getGoodsSpaces(): Promise<ApiResult<SpaceGoods[]>> {
  return httpGet<SpaceGoods[]>('/v1/goods/spaces')
}
