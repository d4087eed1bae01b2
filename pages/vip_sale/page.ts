import { getGoodsVips } from '@shared/api/get-goods-vips'
import { getVipInfo } from '@shared/api/get-vip-info'
import { definePage } from '@shared/app/define-page'

/** Each demo link names its user in full: the fake host keeps these settings in cookies from link to link. */
const as = (token: string, isVip: boolean, isPermanentVip: boolean) =>
  `fakeHostToken={DEMO_TOKENS.${token}}&fakeHostVip=${isVip}&fakeHostPermanentVip=${isPermanentVip}`

/** The membership sale: the plans on sale and the user's membership. */
export default definePage({
  title: '开通会员',
  params: {},
  // Kept for the next open (per user): with no network the parent still sees the membership and the
  // plans; the page asks again at once and shows the answer if it differs (a purchase needs the network).
  firstRequests: () => [
    { ...getGoodsVips.request(), keep: true },
    { ...getVipInfo.request(), keep: true },
  ],
  signedIn: true,
  demoLinks: [
    { label: 'membership, none', query: as('basic', false, false), fixture: 'app', proof: '立即开通' },
    { label: 'membership, forever', query: as('permanent', true, true), fixture: 'app', proof: '您已是永久会员' },
    {
      label: 'membership',
      query: as('vip', true, false),
      fixture: 'app',
      proof: '立即续费',
      bench: true,
      tap: { role: 'button', name: '立即续费' },
    },
  ],
  budget: { js: 89310, css: 0, html: 23420, head: 3900, screen: 13300, telemetry: 4800, lazy: 25040 },
})
