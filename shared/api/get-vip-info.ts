import { defineGet } from './endpoint'
import type { VipInfo } from './types'

/** The user's membership (`GET /v1/user/vipInfo`); the user-agent flags are only a first guess. */
export const getVipInfo = defineGet<VipInfo>(() => ({ path: '/v1/user/vipInfo' }))
