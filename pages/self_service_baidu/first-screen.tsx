import { getCloudDriveStatus } from '@shared/api/get-cloud-drive-status'
import { pageTree } from '@shared/app/page-tree'
import { PageShell } from '@shared/components/page-shell'
import { defineFirstScreen, waitForReact } from '@shared/first-screen/define'
import { arrivedImportState } from './first-state'
import { modeOf } from './mode'
import page from './page'
import { ImportScreen } from './import-screen'

/**
 * The authorize step, or the drive's root listing, before React, once the status (and the listing) are
 * in (main.tsx mounts the same screen from the same replies: use-import-flow.ts).
 */
export default defineFirstScreen(page, (query, arrived) => {
  const parsed = modeOf(query)
  const mode = parsed.ok ? parsed.mode : null
  const state = arrivedImportState(mode, arrived(getCloudDriveStatus.request()), arrived)
  if (!state) return null
  return pageTree(
    page,
    <PageShell>
      <ImportScreen mode={mode} state={state} send={waitForReact} />
    </PageShell>,
  )
})
