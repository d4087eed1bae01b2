import { mountPage } from '@shared/app/mount-page'
import { SelfServiceBaiduPage } from './self-service-baidu-page'
import page from './page'

mountPage(page, <SelfServiceBaiduPage />)
