import { mountPage } from '@shared/app/mount-page'
import { BrandPage } from './brand-page'

mountPage(<BrandPage />)
