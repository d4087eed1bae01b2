import { mountPage } from '@shared/app/mount-page'
import { BookListPage } from './book-list-page'
import page from './page'

mountPage(page, <BookListPage />)
