import { goBackOrClose } from '@shared/bridge'
import { PageShell } from '@shared/components/page-shell'
import { useMarkReady } from '@shared/hooks/use-mark-ready'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import page from './page'
import { modeOf, type CloudPageQuery, type ImportMode } from './query'
import { ImportScreen } from './import-screen'
import { useImportFlow } from './use-import-flow'

/**
 * 百度网盘 (/self_service_baidu?albumId= | ?parentId=): imports PDFs from the user's Baidu cloud
 * drive, as picture books into an album or as folders under a parent (docs/contracts/api.md "Cloud-drive import").
 */
export function SelfServiceBaiduPage({ query = page.query() }: { query?: CloudPageQuery }) {
  const parsed = modeOf(query)
  // The native back button: previous page, or close the WebView (docs/contracts/bridge.md). The header's back does the same.
  useNativeMessage('backClick', goBackOrClose)
  return (
    <PageShell>
      <ImportView mode={parsed.ok ? parsed.mode : null} />
    </PageShell>
  )
}

/** The import flow of the page's mode, on screen. */
function ImportView({ mode }: { mode: ImportMode | null }) {
  const { state, send } = useImportFlow(mode)
  // Ready once the page shows what it found: the authorize step, the drive's listing, a bad link's answer,
  // an import under way or done; not while the status or a listing loads, nor when it failed.
  const waiting = state.status === 'checking' || state.status === 'checkFailed'
  useMarkReady(!waiting && (state.status !== 'browsing' || state.listing.status === 'loaded'))
  return <ImportScreen mode={mode} state={state} send={send} />
}
