import { definePage } from '@shared/app/define-page'

/**
 * 页面不存在: the page an unknown path shows (the reference server and the CDN answer it with status
 * 404). It reads no query and sends no request.
 */
export default definePage({
  title: '页面不存在',
  description: '您访问的页面不存在或已被移除。',
  params: {},
  signedIn: false,
  demoLinks: [
    { label: 'page not found', fixture: 'browser', proof: '您访问的页面不存在或已被移除' },
    { label: 'page not found, in the app', fixture: 'app', proof: '您访问的页面不存在或已被移除' },
  ],
  budget: { js: 80100, css: 0, html: 6090, head: 0, screen: 0, telemetry: 4840, lazy: 0 },
})
