/**
 * What the accessibility checks (tests/e2e/accessibility*.test.ts) share: every route as its demo links
 * open it, a wait for a page to settle, and phones that visit the routes side by side.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { demoLinks } from '../../../server/demo-links'
import { DEMO_FOLDERS } from '../../../server/seed/demo'
import { openPhone, type Fixture, type PhonePage } from './browser'

/**
 * Every built page as its demo links open it (pages/<route>/page.ts, read from the build's manifest, so
 * a new page is checked without a line here), plus states no demo link shows.
 */
export const ROUTES = [
  ...new Set([
    ...demoLinks(join(import.meta.dirname, '../../../dist')).map((link) => link.path),
    '/recorded_share?r=demo-cat8',
    `/generate_book/list?id=${DEMO_FOLDERS.emptyFolder}`,
  ]),
]

export const API = '**/v1/**'

/**
 * Waits until the page has painted and its requests have settled. On a loaded machine a request (a
 * picture, a chunk) can stay in flight past the wait: the page is then checked as it is, and the console
 * says so (no route polls: every route goes quiet within a second with the API failing).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0)
  // The page's own code has started: a data page's HTML starts it only once its first screen is drawn,
  // so the network can be quiet before it has even asked for it.
  await page.waitForFunction(() => (window as unknown as { __kidsStarted?: boolean }).__kidsStarted === true, null, { timeout: 20_000 })
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {
    console.warn(`settled: ${page.url()} still had a request in flight after 20 s; checked as it is`)
  })
  // No fade under way (a toast coming in): axe would read its colours half-way. A spinner's endless
  // animation is part of the page as it is.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      null,
      { timeout: 5_000 },
    )
    .catch(() => console.warn(`settled: ${page.url()} still animating after 5 s; checked as it is`))
}

/** Phones checking routes side by side: a check mostly waits (for the network to settle), axe is short. */
const LANES = 3

/**
 * Opens `LANES` phones (each prepared by `prepare`) and has them take the routes one by one until every
 * route was visited once; `done` runs on each phone after its last route. The last route is
 * `routes.at(-1)`, visited last by one of them.
 */
export async function eachRoute(
  fixture: Fixture,
  visit: (phone: PhonePage, route: string) => Promise<void>,
  { prepare, done }: { prepare?: (phone: PhonePage) => Promise<void>; done?: (phone: PhonePage) => Promise<void> } = {},
): Promise<void> {
  const queue = [...ROUTES]
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      const phone = await openPhone(fixture)
      await prepare?.(phone)
      for (let route = queue.shift(); route !== undefined; route = queue.shift()) await visit(phone, route)
      await done?.(phone)
      await phone.context.close()
    }),
  )
}
