/**
 * Every way out of every built page in the browser fixture leads to a built page or an allowed external
 * address (issue 15; the walk is support/link-walk.ts).
 */
import { afterAll } from 'vitest'
import { closeBrowser } from './support/browser'
import { describeLinkWalk } from './support/link-walk'

afterAll(closeBrowser)

describeLinkWalk('browser')
