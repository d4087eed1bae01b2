import { mountPage } from '@shared/app/mount-page'
import { InAppOnly } from '@shared/components/open-in-app-screen'
import { SpaceUpgradePage } from './space-upgrade-page'

mountPage(
  <InAppOnly title="空间扩容">
    <SpaceUpgradePage />
  </InAppOnly>,
)
