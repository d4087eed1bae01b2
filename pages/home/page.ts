import { definePage } from '@shared/app/define-page'
import { BRAND } from '@shared/config/brand'

/** The brand introduction, also served at /wechat, /app and /about_app. */
export default definePage({
  title: BRAND.appName,
  params: {},
  signedIn: false,
  aliases: ['wechat', 'app', 'about_app'],
  demoLinks: [{ label: 'home', fixture: 'browser', proof: '陪孩子在玩中学英语' }],
})
