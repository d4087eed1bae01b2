import { mountPage } from '@shared/app/mount-page'
import { InAppOnly } from '@shared/components/open-in-app-screen'
import { BookListPage } from './book-list-page'

mountPage(
  <InAppOnly title="自制绘本列表">
    <BookListPage />
  </InAppOnly>,
)
