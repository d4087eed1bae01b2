import { mountPage } from '@shared/app/mount-page'
import { ExpandSpacePage } from './expand-space-page'
import page from './page'
// The claim is the page's one action: bundle the HTTP client so the tap does not wait for its download.
import '@shared/http/axios-client'

mountPage(page, <ExpandSpacePage />)
