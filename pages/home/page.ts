import { definePage } from '@shared/app/define-page'
import { BRAND } from '@shared/config/brand'

/** The brand introduction, also served at /wechat, /app and /about_app. */
export default definePage({
  title: BRAND.appName,
  description: '陪孩子在玩中学英语：单词卡片、拼写挑战、听力填空、AI发音反馈，孩子爱学，家长放心。',
  params: {},
  signedIn: false,
  aliases: ['wechat', 'app', 'about_app'],
  demoLinks: [{ label: 'home', fixture: 'browser', proof: '陪孩子在玩中学英语' }],
  budget: {
    js: 80320,
    css: 0,
    html: 8680,
    head: 0,
    screen: 0,
    telemetry: 4840,
    lazy: 8280,
    forbid: ['node_modules/axios/', 'shared/http/', 'shared/api/'],
  },
})
