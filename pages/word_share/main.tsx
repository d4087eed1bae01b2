import { mountPage } from '@shared/app/mount-page'
import { WordSharePage } from './word-share-page'
import page from './page'

mountPage(page, <WordSharePage />)
