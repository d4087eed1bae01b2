import { mountPage } from '@shared/app/mount-page'
import { SpaceUpgradePage } from './space-upgrade-page'
import page from './page'

mountPage(page, <SpaceUpgradePage />)
