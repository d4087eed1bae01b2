import { mountPage } from '@shared/app/mount-page'
import { BookCreateEntry } from './book-create-entry'

mountPage(<BookCreateEntry />)
