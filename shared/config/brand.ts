/**
 * Brand configuration: every name, address and legal line the pages show about the product.
 * These are neutral demo values, obviously meant to be replaced before a real release (README, "Brand config").
 */
import { APP_PACKAGE_ID } from '../../common/telemetry/client.ts'

/**
 * The native app's package id, also the in-app user-agent marker (docs/contracts/user-agent.md). Written in
 * common/telemetry/client.ts, where the user agent is read for the field reports on the phone and on the
 * server alike; a constant of its own so that what reads the user agent bundles it without BRAND.
 */
export { APP_PACKAGE_ID }

export const BRAND = {
  /** The app's display name. */
  appName: '小象英语',
  /** The native app's package id; also the in-app user-agent marker (APP_PACKAGE_ID). */
  packageId: APP_PACKAGE_ID,
  /** The product website, where the browser variant of the expansion banner leads. */
  website: 'https://www.example.com/',
  /** The download page: where `下载App` sends a visitor outside the app, and where `打开App` falls back to. */
  downloadUrl: 'https://www.example.com/download',
  /**
   * The app's URL scheme (with `://`). `打开App` opens `{appScheme}open?url={the page's URL}`, and the app
   * opens that page in its WebView (shared/open-in-app).
   */
  appScheme: 'kidsenglish://',
  /** The app's store pages, linked from the download page. */
  appStoreUrl: 'https://apps.apple.com/cn/app/id0000000000',
  androidStoreUrl: 'https://www.example.com/download/android.apk',
  /** Where the pages are published: absolute URLs in the pages' Open Graph tags (the share image). */
  pageOrigin: 'https://h5.kidsenglish.example.com',
  /** The default page description, for a page whose index.html has no `<meta name="description">`. */
  description: '陪孩子在玩中学英语：绘本跟读、单词学习、录音作品分享。',
  company: '示例教育科技有限公司',
  copyright: '© 2026 示例教育科技有限公司 版权所有',
  filingNumber: '示例ICP备00000000号-1',
} as const
