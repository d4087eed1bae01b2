import { getGoodsSpaces } from '@shared/api/get-goods-spaces'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { definePage } from '@shared/app/define-page'

/** The storage page: the user's capacity and the space goods on sale. */
export default definePage({
  title: '空间扩容',
  description: '查看云空间用量，购买空间包，分享资源赚取更多空间。',
  params: {},
  // Kept for the next open (per user): with no network the parent still sees the space used and the packs.
  firstRequests: () => [
    { ...getMyCapacity.request(), keep: true },
    { ...getGoodsSpaces.request(), keep: true },
  ],
  signedIn: true,
  demoLinks: [{ label: 'space upgrade', fixture: 'app', proof: '50GB 空间包', tap: { role: 'button', name: '展开更多' } }],
  budget: { js: 90060, css: 0, html: 22870, head: 3910, screen: 13180, telemetry: 4800, lazy: 25040 },
})
