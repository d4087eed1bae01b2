import { definePage } from '@shared/app/define-page'

/** The price-adjustment notice. */
export default definePage({
  title: '价格调整通知',
  params: {},
  signedIn: false,
  demoLinks: [{ label: 'price notice', fixture: 'browser', proof: '查看会员方案' }],
})
