import { getGoodsSpaces } from '@shared/api/get-goods-spaces'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { definePage } from '@shared/app/define-page'

/** The storage page: the user's capacity and the space goods on sale. */
export default definePage({
  title: '空间扩容',
  params: {},
  firstRequests: () => [getMyCapacity.request(), getGoodsSpaces.request()],
  signedIn: true,
  demoLinks: [{ label: 'space upgrade', fixture: 'app', proof: '50GB 空间包' }],
})
