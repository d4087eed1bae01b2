import { useEffect, useState, useSyncExternalStore } from 'react'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { getCloudDriveFiles } from '@shared/api/get-cloud-drive-files'
import { getCloudDriveImport } from '@shared/api/get-cloud-drive-import'
import { getCloudDriveStatus } from '@shared/api/get-cloud-drive-status'
import { startCloudDriveImport } from '@shared/api/start-cloud-drive-import'
import { baiduAuthorize } from '@shared/bridge'
import { toast } from '@shared/components/toast'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { backToList } from './back-to-list'
import { takeArrived, takeKeptGet } from '@shared/http'
import { peekArrived, peekKeptReply } from '@shared/http/arrived'
import { arrivedImportState } from './first-state'
import { createImportFlow, type ImportFlow } from './import-flow'
import { initialImportState, type ImportState } from './import-machine'
import type { ImportMode } from './query'

/**
 * The state the HTML's early replies make (first-state.ts), their replies taken as the head script
 * drew them; else the state the status kept at the last open makes (page.ts `keep`), `kept` then, and
 * the flow asks again. Null when neither is in.
 */
function takeArrivedState(mode: ImportMode | null): { state: ImportState; kept: boolean } | null {
  const status = getCloudDriveStatus.request()
  const seen: { path: string; params?: Record<string, unknown> }[] = []
  const state = arrivedImportState(mode, peekArrived(status.path), (request) => {
    seen.push(request)
    return peekArrived(request.path, request.params)
  })
  if (!state) {
    const kept = arrivedImportState(mode, peekKeptReply(status.path), () => null)
    if (!kept) return null
    takeKeptGet(status.path)
    return { state: kept, kept: true }
  }
  takeArrived(status)
  // The listing only when the state drew it: else the flow's own request takes it when it comes.
  if (state.status === 'browsing' && state.listing.status === 'loaded') for (const request of seen) takeArrived(request)
  return { state, kept: false }
}

/**
 * The import flow for `mode` (null: a bad link), started on mount and stopped on unmount;
 * `visibleChange` true re-checks.
 */
export function useImportFlow(mode: ImportMode | null): { state: ReturnType<ImportFlow['getState']>; send: ImportFlow['send'] } {
  const [flow] = useState(() => {
    const first = takeArrivedState(mode)
    return createImportFlow({
      mode,
      status: getCloudDriveStatus,
      files: getCloudDriveFiles,
      capacity: getMyCapacity,
      start: startCloudDriveImport,
      job: getCloudDriveImport,
      authorize: baiduAuthorize,
      toast: (msg) => void toast(msg),
      backToList: () => backToList(mode?.listId ?? 0),
      initial: first?.state ?? null,
      recheck: first?.kept ?? false,
    })
  })
  useEffect(() => {
    flow.start()
    return flow.dispose
  }, [flow])
  useNativeMessage('visibleChange', ({ data }) => {
    if (data.result) flow.send({ type: 'shown' })
  })
  const state = useSyncExternalStore(flow.subscribe, flow.getState, () => initialImportState)
  return { state, send: flow.send }
}
