import { mountPage } from '@shared/app/mount-page'
import { NotFoundPage } from './not-found-page'
import page from './page'

mountPage(page, <NotFoundPage />)
