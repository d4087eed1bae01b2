import { mountPage } from '@shared/app/mount-page'
import { BookCreatePage } from './book-create-page'

mountPage(<BookCreatePage />)
