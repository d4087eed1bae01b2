import { mountPage } from '@shared/app/mount-page'
import { InAppOnly } from '@shared/components/open-in-app-screen'
import { VipSalePage } from './vip-sale-page'

// Outside the app there is no signed-in user: the open-in-app screen, decided before any request.
mountPage(
  <InAppOnly title="开通会员">
    <VipSalePage />
  </InAppOnly>,
)
