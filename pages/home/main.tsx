import { mountPage } from '@shared/app/mount-page'
import { BrandPage } from './brand-page'
import page from './page'

mountPage(page, <BrandPage />)
