import { mountPage } from '@shared/app/mount-page'
import { VipSalePage } from './vip-sale-page'

mountPage(<VipSalePage />)
