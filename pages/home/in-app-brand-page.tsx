import { goBackOrClose, shareUrl } from '@shared/bridge'
import { IconButton } from '@shared/components/header-bar'
import { PageShell } from '@shared/components/page-shell'
import { toast } from '@shared/components/toast'
import { BRAND } from '@shared/config/brand'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { BrandContent } from './brand-content'

/** Shares the home page through the host's share sheet; an app without `shareUrl` says to upgrade. */
function shareBrandPage(): void {
  const origin = window.location.origin
  const shared = shareUrl({
    title: `${BRAND.appName}：陪孩子在玩中学英语`,
    text: '单词卡片、拼写挑战、听力填空、AI发音反馈，孩子爱学，家长放心。',
    url: `${origin}/`,
    thumbnail: `${origin}/favicon.svg`,
  })
  if (!shared) toast('请升级App到最新版本')
}

/** The brand page inside the app: native share in the header, back closes the WebView at the start. */
export function InAppBrandPage() {
  useNativeMessage('backClick', goBackOrClose)
  return (
    <PageShell title={BRAND.appName} header={{ right: <IconButton icon="share" onClick={shareBrandPage} /> }}>
      <BrandContent />
    </PageShell>
  )
}
