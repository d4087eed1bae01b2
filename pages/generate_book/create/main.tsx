import { mountPage } from '@shared/app/mount-page'
import { BookCreatePage } from './book-create-page'
import page from './page'

mountPage(page, <BookCreatePage />)
