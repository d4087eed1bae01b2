import { mountPage } from '@shared/app/mount-page'
import { SelfServiceBaiduPage } from './self-service-baidu-page'

mountPage(<SelfServiceBaiduPage />)
