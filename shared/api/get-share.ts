import { defineGet } from './endpoint'
import type { ShareData } from './types'

/** The shared work behind share code `r` (`GET /v1/share/uar`; the one call that needs no token). */
export const getShare = defineGet<ShareData, [r: string]>((r) => ({ path: '/v1/share/uar', params: { r } }))
