import { mountPage } from '@shared/app/mount-page'
import { VipSalePage } from './vip-sale-page'
import page from './page'

mountPage(page, <VipSalePage />)
