import { mountPage } from '@shared/app/mount-page'
import { SpaceUpgradePage } from './space-upgrade-page'

mountPage(<SpaceUpgradePage />)
