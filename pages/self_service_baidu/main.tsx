import { mountPage } from '@shared/app/mount-page'
import { InAppOnly } from '@shared/components/open-in-app-screen'
import { SelfServiceBaiduPage, TITLE } from './self-service-baidu-page'

// Outside the app there is no user and no host to authorize the drive: the open-in-app screen, no request.
mountPage(
  <InAppOnly title={TITLE}>
    <SelfServiceBaiduPage />
  </InAppOnly>,
)
