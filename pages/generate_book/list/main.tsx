import { mountPage } from '@shared/app/mount-page'
import { BookListPage } from './book-list-page'

mountPage(<BookListPage />)
