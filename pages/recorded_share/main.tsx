import { mountPage } from '@shared/app/mount-page'
import { RecordedSharePage } from './recorded-share-page'

mountPage(<RecordedSharePage />)
