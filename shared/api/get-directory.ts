import { defineGet } from './endpoint'
import type { Folder } from './types'

/** Folder `id` with its children in `items`; `0` is the user's root (`GET /v1/directory/{id}`). */
export const getDirectory = defineGet<Folder, [id: number]>((id) => ({ path: `/v1/directory/${encodeURIComponent(String(id))}` }))
