import { useState } from 'react'
import { InAppOnly } from '@shared/components/open-in-app-screen'
import { BookCreatePage, createPageTitle, readTarget } from './book-create-page'

/** The create page as mounted: the form in the app, the open-in-app screen (same title) outside it. */
export function BookCreateEntry() {
  const [target] = useState(readTarget)
  return (
    <InAppOnly title={createPageTitle(target)}>
      <BookCreatePage target={target} />
    </InAppOnly>
  )
}
