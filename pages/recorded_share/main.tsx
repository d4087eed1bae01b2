import { mountPage } from '@shared/app/mount-page'
import { RecordedSharePage } from './recorded-share-page'
import page from './page'

mountPage(page, <RecordedSharePage />)
