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
import { createImportFlow, type ImportFlow } from './import-flow'
import { initialImportState } from './import-machine'
import type { ImportMode } from './query'

/**
 * The import flow for `mode` (null: a bad link), started on mount and stopped on unmount;
 * `visibleChange` true re-checks.
 */
export function useImportFlow(mode: ImportMode | null): { state: ReturnType<ImportFlow['getState']>; send: ImportFlow['send'] } {
  const [flow] = useState(() =>
    createImportFlow({
      mode,
      status: getCloudDriveStatus,
      files: getCloudDriveFiles,
      capacity: getMyCapacity,
      start: startCloudDriveImport,
      job: getCloudDriveImport,
      authorize: baiduAuthorize,
      toast: (msg) => void toast(msg),
      backToList: () => backToList(mode?.listId ?? 0),
    }),
  )
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
