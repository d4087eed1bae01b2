import { defineGet } from './endpoint'
import type { Capacity } from './types'

/** The user's storage, total and used, in MB (`GET /v1/user/myCapacity`). */
export const getMyCapacity = defineGet<Capacity>(() => ({ path: '/v1/user/myCapacity' }))
