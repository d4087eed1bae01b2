/** Every page in the browser fixture passes axe and the touch-target check, loaded, loading and failed. */
import { afterAll } from 'vitest'
import { closeBrowser } from './support/browser'
import { describeEveryPage } from './support/every-page-accessibility'

afterAll(closeBrowser)

describeEveryPage('browser')
