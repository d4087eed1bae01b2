import { definePage } from '@shared/app/define-page'

/** The price-adjustment notice. */
export default definePage({
  title: '价格调整通知',
  description: '会员方案价格即将调整，点击查看详情。',
  params: {},
  signedIn: false,
  demoLinks: [{ label: 'price notice', fixture: 'browser', proof: '查看会员方案' }],
  budget: { js: 84020, css: 0, html: 7490, head: 0, screen: 0, telemetry: 4850, lazy: 0 },
})
