import { definePage } from '@shared/app/define-page'

/** The New Year space-expansion gift: anyone may look, the claim happens in the app. */
export default definePage({
  title: '新年空间扩容礼包',
  description: '会员专享新年空间扩容礼包：免费领取云空间，存下更多绘本录音。',
  params: {},
  signedIn: false,
  // The banner's headline: its button reads 已领取 once the demo VIP has claimed (other journeys do).
  demoLinks: [{ label: 'New Year expansion', fixture: 'app', proof: '新年扩容大礼包' }],
  budget: { js: 111850, css: 0, html: 9080, head: 0, screen: 0, telemetry: 4850, lazy: 1460 },
})
