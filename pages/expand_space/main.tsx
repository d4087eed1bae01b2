import { mountPage } from '@shared/app/mount-page'
import { ExpandSpacePage } from './expand-space-page'

mountPage(<ExpandSpacePage />)
