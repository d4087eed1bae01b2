import { getCloudDriveStatus } from '@shared/api/get-cloud-drive-status'
import { definePage, param } from '@shared/app/define-page'
import { firstListing } from './first-state'
import { modeOf } from './mode'

/**
 * The cloud-drive import (docs/contracts/api.md "Cloud-drive import"), opened by the folder list:
 * `?from=generate_book&albumId={id}&supportSuffix=pdf` (百度网盘上传: PDFs become picture books in that
 * folder) or `?from=generate_book&parentId={id}&supportSuffix=pdf` (网盘导入: folders become folders).
 * The ids are read as text, so a link with a target that is not a number is refused (query.ts), not
 * read as a link without one.
 */
export default definePage({
  title: '百度网盘',
  params: {
    from: param.text(),
    albumId: param.text({ probe: '7', maxLength: 20 }),
    parentId: param.text({ probe: '7', maxLength: 20 }),
    supportSuffix: param.text({ probe: 'pdf', maxLength: 20 }),
  },
  // Authorized or not decides the first view; an authorized drive's root listing starts as the status answers.
  // The status is kept for the next open (per user): the page is drawn from it at once, even with no
  // network, and asks again (import-flow.ts `recheck`); the drive's listing is never kept (issue 47).
  firstRequests: (query) => {
    const parsed = modeOf(query)
    return [{ ...getCloudDriveStatus.request(), keep: true, then: (data) => firstListing(parsed.ok ? parsed.mode : null, data) }]
  },
  signedIn: true,
  demoLinks: [
    // As the VIP demo user, who starts without a grant (the browser tests authorize the basic user only):
    // the authorize step shows once the status has answered. The token is named because the fake host
    // keeps the last one a link set (the basic user's list link sets its own).
    {
      label: 'cloud drive: PDFs into a folder (百度网盘上传)',
      query: 'from=generate_book&albumId={DEMO_FOLDERS.bedtime}&supportSuffix=pdf&fakeHostToken={DEMO_TOKENS.vip}',
      fixture: 'app',
      proof: '授权百度网盘后，可直接导入网盘中的PDF绘本',
      bench: true,
      tap: { role: 'button', name: '授权百度网盘' },
    },
    {
      label: 'cloud drive: folders under a folder (网盘导入)',
      query: 'from=generate_book&parentId={DEMO_FOLDERS.collection}&supportSuffix=pdf&fakeHostToken={DEMO_TOKENS.vip}',
      fixture: 'app',
      proof: '授权百度网盘后，可直接导入网盘中的PDF绘本',
    },
  ],
  budget: { js: 95570, css: 0, html: 28890, head: 4430, screen: 17470, telemetry: 4810, lazy: 25040 },
})
