import { goBackOrClose } from '@shared/bridge'
import { IconButton } from '@shared/components/header-bar'
import { PageShell } from '@shared/components/page-shell'
import { BRAND } from '@shared/config/brand'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { usePageShare } from '@shared/hooks/use-page-share'
import { BrandContent } from './brand-content'

/** The brand page inside the app: native share in the header, back closes the WebView at the start. */
export function InAppBrandPage() {
  useNativeMessage('backClick', goBackOrClose)
  // Only shown in the app, so the share never falls back to the browser's guide mask.
  const { share } = usePageShare({
    title: `${BRAND.appName}：陪孩子在玩中学英语`,
    text: '单词卡片、拼写挑战、听力填空、AI发音反馈，孩子爱学，家长放心。',
    path: '/',
  })
  return (
    <PageShell header={{ right: <IconButton icon="share" onClick={share} /> }}>
      <BrandContent />
    </PageShell>
  )
}
