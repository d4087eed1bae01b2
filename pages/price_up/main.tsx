import { mountPage } from '@shared/app/mount-page'
import { PriceUpPage } from './price-up-page'
import page from './page'

mountPage(page, <PriceUpPage />)
