import { DownloadBar } from '@shared/components/download-bar'
import { PageShell } from '@shared/components/page-shell'
import { BrandContent } from './brand-content'

/** The brand page in a browser: the visitor's first page (no back), with the download bar. */
export function BrowserBrandPage() {
  return (
    <PageShell header={{ isShowBack: false }}>
      <BrandContent />
      <DownloadBar />
    </PageShell>
  )
}
