import { mountPage } from '@shared/app/mount-page'
import { NotFoundPage } from './not-found-page'

mountPage(<NotFoundPage />)
