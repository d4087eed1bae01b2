import { DownloadBar } from '@shared/components/download-bar'
import { PageShell } from '@shared/components/page-shell'
import { BRAND } from '@shared/config/brand'
import { BrandContent } from './brand-content'

/** The brand page in a browser: the visitor's first page (no back), with the download bar. */
export function BrowserBrandPage() {
  return (
    <PageShell title={BRAND.appName} header={{ isShowBack: false }}>
      <BrandContent />
      <DownloadBar />
    </PageShell>
  )
}
