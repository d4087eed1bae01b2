import { closeWebview, goBackOrClose } from '@shared/bridge'
import { IconButton } from '@shared/components/header-bar'
import { LoadingOverlay } from '@shared/components/loading-overlay'
import { ShareMask } from '@shared/components/mask'
import { PageShell } from '@shared/components/page-shell'
import { BRAND } from '@shared/config/brand'
import { useInApp } from '@shared/hooks/use-in-app'
import { useNativeMessage } from '@shared/hooks/use-native-message'
import { usePageShare } from '@shared/hooks/use-page-share'
import { ClaimSuccessPopup } from './claim-success-popup'
import { NewYearBanner } from './new-year-banner'
import { useAlreadyClaimed } from './use-already-claimed'
import { useClaim } from './use-claim'
import { useHiddenNavigationBar } from './use-hidden-navigation-bar'
import styles from './expand-space.module.css'
import page from './page'

/** The page's title (page.ts) in the header, broken between its words when large text needs two lines. */
const TITLE_PHRASES = (
  <>
    新年
    <wbr />
    空间扩容
    <wbr />
    礼包
  </>
)

/**
 * 新年空间扩容礼包 (/expand_space): in the app the banner claims the VIP gift and a popup confirms
 * it; in a browser the banner leads to the product website and share shows the guide mask.
 */
export function ExpandSpacePage() {
  const inApp = useInApp()
  const { state, claim } = useClaim()
  const alreadyClaimed = useAlreadyClaimed(inApp)
  const { share, maskVisible, closeMask } = usePageShare({
    title: page.title,
    text: '会员专享，免费领取新年扩容空间',
    path: '/expand_space',
  })

  // The page draws its own festive header; the host's bar would stack a second one above it.
  useHiddenNavigationBar(inApp)
  useNativeMessage('backClick', goBackOrClose)

  function onBanner() {
    if (inApp) void claim()
    else window.location.assign(BRAND.website)
  }

  const right = (
    <>
      <IconButton icon="share" onClick={share} />
      {inApp && <IconButton icon="close" onClick={() => closeWebview()} />}
    </>
  )

  return (
    <PageShell narrow header={{ isShowBack: false, right, phrasedTitle: TITLE_PHRASES }}>
      <div className={styles.page}>
        <NewYearBanner onClick={onBanner} claimed={alreadyClaimed} />
        {alreadyClaimed && (
          <p className={styles.claimedNote} role="status">
            您已领取过新年扩容礼包，可在“空间扩容”页查看空间
          </p>
        )}
        <section className={styles.rules} aria-labelledby="expand-rules-title">
          <h2 id="expand-rules-title" className={styles.rulesTitle}>
            活动说明
          </h2>
          <ol className={styles.rulesList}>
            <li>本活动仅限会员参与，每位会员可领取一次。</li>
            <li>领取后扩容空间立即到账，可在“空间扩容”页查看。</li>
            <li>在App内点击上方礼包即可领取；在浏览器中打开时，请先下载{BRAND.appName}App。</li>
          </ol>
        </section>
      </div>
      <LoadingOverlay visible={state.status === 'claiming'} />
      {state.status === 'claimed' && <ClaimSuccessPopup grantedMb={state.grantedMb} onClose={() => closeWebview()} />}
      <ShareMask visible={maskVisible} onClose={closeMask} />
    </PageShell>
  )
}
