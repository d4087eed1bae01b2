import { definePage } from '@shared/app/define-page'

/** The New Year space-expansion gift: anyone may look, the claim happens in the app. */
export default definePage({
  title: '新年空间扩容礼包',
  params: {},
  signedIn: false,
  demoLinks: [{ label: 'New Year expansion', fixture: 'app', proof: '领取扩容礼包' }],
})
