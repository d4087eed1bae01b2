import { defineFirstScreen } from '@shared/first-screen/define'
import { drawShareCover } from '@shared/recorded-work/share-first-screen'
import page from './page'

/** The cover before React, from the early reply (word-share-page.tsx draws the same in its first render). */
export default defineFirstScreen(page, (query, arrived, shown) => drawShareCover(query, arrived, shown, { variant: 'words' }))
