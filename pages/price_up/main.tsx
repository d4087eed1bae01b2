import { mountPage } from '@shared/app/mount-page'
import { PriceUpPage } from './price-up-page'

mountPage(<PriceUpPage />)
