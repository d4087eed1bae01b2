import { mountPage } from '@shared/app/mount-page'
import { WordSharePage } from './word-share-page'

mountPage(<WordSharePage />)
