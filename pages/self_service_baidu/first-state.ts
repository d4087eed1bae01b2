/**
 * Where the import page starts (issue 31), React-free: its first requests (the status, then the root's
 * listing once the drive is authorized: page.ts), and the state their replies make, which the page's
 * flow (import-flow.ts) and the first screen its HTML draws before React (first-screen.tsx) both start from.
 */
import type { CloudFileList, CloudFileQuery } from '@shared/api/cloud-drive-types'
import type { ApiRequest } from '@shared/api/endpoint'
import { getCloudDriveFiles } from '@shared/api/get-cloud-drive-files'
import type { ApiResult } from '@shared/http/envelope'
import { toCloudPage } from './cloud-data'
import { importReducer, initialImportState, ROOT, type ImportEvent, type ImportState } from './import-machine'
import type { ImportMode } from './mode'

/** Entries per page: the contract's default; a folder of 1,000 files loads in ten pages as it scrolls. */
export const PAGE_SIZE = 100

/** What one page of folder `dir`'s listing asks, from entry `start`. */
export function listingQuery(mode: Pick<ImportMode, 'suffix'>, dir: string, start: number): CloudFileQuery {
  return { dir, suffix: mode.suffix, start, limit: PAGE_SIZE }
}

const record = (data: unknown): Record<string, unknown> =>
  typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}

/** The event a successful `cloudDrive/status` reply's data makes (`statusChecked`: asked again under a kept one). */
export function statusLoaded(data: unknown, type: 'statusLoaded' | 'statusChecked' = 'statusLoaded'): ImportEvent {
  const { authorized, accountName } = record(data)
  return { type, authorized: authorized === true, account: typeof accountName === 'string' ? accountName : '' }
}

/** The request of the root's first listing page when the status says the drive is authorized, for the page's mode. */
export function firstListing(mode: ImportMode | null, statusData: unknown): ApiRequest[] {
  return mode && record(statusData).authorized === true ? [getCloudDriveFiles.request(listingQuery(mode, ROOT, 0))] : []
}

/**
 * The state the page starts from with the replies already in: the status (authorize, or browse the
 * root), and the root's listing when it is in too. Null without a usable status (the page checks).
 */
export function arrivedImportState(
  mode: ImportMode | null,
  status: ApiResult<unknown> | null,
  listing: (request: ApiRequest) => ApiResult<unknown> | null,
): ImportState | null {
  if (!mode || !status?.success) return null
  const pick = mode.pick
  const state = importReducer(initialImportState, statusLoaded(status.data), pick)
  if (state.status !== 'browsing') return state
  const [request] = firstListing(mode, status.data)
  const page = request ? listing(request) : null
  if (!page?.success) return state
  return importReducer(
    state,
    { type: 'listed', dir: ROOT, start: 0, page: toCloudPage(page.data as CloudFileList | null, mode.suffix) },
    pick,
  )
}
