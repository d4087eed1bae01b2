import { closeWebview, goBackOrClose, openWebPage } from '@shared/bridge'
import { IconButton } from '@shared/components/header-bar'
import { ShareMask } from '@shared/components/mask'
import { PageShell } from '@shared/components/page-shell'
import { useInApp } from '@shared/hooks/use-in-app'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { usePageShare } from '@shared/hooks/use-page-share'
import { PriceBanner } from './price-banner'
import styles from './price-up.module.css'
import page from './page'

/**
 * 价格调整通知 (/price_up): the banner opens the membership sale (/vip_sale) in a new WebView in the
 * app, or the home page in a browser (docs/spec/product-spec.md §2).
 */
export function PriceUpPage() {
  const inApp = useInApp()
  const { share, maskVisible, closeMask } = usePageShare({
    title: page.title,
    text: '会员方案价格即将调整，点击查看详情',
    path: '/price_up',
  })
  useNativeMessage('backClick', goBackOrClose)

  function openPlans() {
    const origin = window.location.origin
    // An app without openWebPage still gets somewhere: the sale page in this WebView.
    if (inApp && openWebPage({ url: `${origin}/vip_sale`, title: '开通会员', showShare: false })) return
    window.location.assign(inApp ? '/vip_sale' : '/')
  }

  const right = (
    <>
      <IconButton icon="share" onClick={share} />
      {inApp && <IconButton icon="close" onClick={() => closeWebview()} />}
    </>
  )

  return (
    <PageShell narrow header={{ isShowBack: false, right }}>
      <div className={styles.page}>
        <PriceBanner onClick={openPlans} />
      </div>
      <ShareMask visible={maskVisible} onClose={closeMask} />
    </PageShell>
  )
}
