import { mountPage } from '@shared/app/mount-page'
import { BookCreatePage } from './book-create-page'
// It sends requests as soon as it starts (none come from its HTML): bundle the HTTP client with it.
import '@shared/http/axios-client'

mountPage(<BookCreatePage />)
