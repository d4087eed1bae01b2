/**
 * Accessibility of every page in one fixture (issue 16): axe's WCAG 2.1 A/AA rules with 0 serious and 0
 * critical violations and 44 px touch targets (support/axe.ts) in the loaded, loading and failed states of
 * every route; loaded, the page upright and on its side at 100 and 200 % text (issue 39, support/phone-shapes.ts). One test file per fixture (accessibility-browser.test.ts, accessibility-app.test.ts), so
 * the two run side by side in the two test workers.
 */
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './axe'
import { openPhone, type Fixture, type PhonePage } from './browser'
import { expectEveryShape, shapeName } from './phone-shapes'
import { API, eachRoute, ROUTES, settled } from './routes-accessibility'

/** The axe and touch-target checks of every route in `fixture`: loaded, loading, failed, and the 404 page. */
export function describeEveryPage(fixture: Fixture): void {
  // Each test walks every route of the demo (4 phone shapes each in the first): 30–40 s on CI alone, past
  // the e2e default of 60 s when the machine is busy (a CI run beside a bench timed two out).
  describe(`every page in the ${fixture} fixture`, { timeout: 180_000 }, () => {
    it('has no serious or critical axe violation and no small target, loaded, and reads well upright and on its side at 100 and 200 % text', async () => {
      await eachRoute(
        fixture,
        async (phone, route) => {
          // Step: open the route as a visitor would (in a browser: no sign-in, the open-in-app states).
          await phone.page.goto(phone.baseUrl + route)
          await settled(phone.page)
          await expectAccessible(phone.page, `${route} loaded, ${fixture}`)
          // Step: the same page turned on its side, and with the reader's text twice as large (issue 39).
          await expectEveryShape(phone, shapeName(fixture, route))
        },
        { done: async (phone) => expect(phone.errors).toEqual([]) },
      )
    })

    it('has none while its first requests are still on their way', async () => {
      const held = new Map<PhonePage, (() => void)[]>()
      await eachRoute(
        fixture,
        async (phone, route) => {
          // Step: the API does not answer yet: the loading state (prerendered frame, spinner or skeleton).
          await phone.page.goto(phone.baseUrl + route, { waitUntil: 'load' })
          await phone.page.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0)
          await expectAccessible(phone.page, `${route} loading, ${fixture}`)
          held
            .get(phone)!
            .splice(0)
            .forEach((release) => release())
        },
        {
          prepare: async (phone) => {
            const mine: (() => void)[] = []
            held.set(phone, mine)
            // A held request of a page already left is answered by nobody: the navigation cancelled it.
            await phone.page.route(API, (route) =>
              new Promise<void>((resolve) => mine.push(resolve)).then(() => route.continue().catch(() => {})),
            )
          },
          done: async (phone) => {
            await phone.page.unroute(API)
            held
              .get(phone)!
              .splice(0)
              .forEach((release) => release())
          },
        },
      )
    })

    it('has none when the network fails', async () => {
      await eachRoute(
        fixture,
        async (phone, route) => {
          // Step: every API call fails on the network: error views with 重试, toasts.
          await phone.page.goto(phone.baseUrl + route)
          await settled(phone.page)
          // The page under the toast, once it has gone (2 s, then a fade axe would read half-way): the
          // toast itself is checked at rest where a journey shows it (no-dead-ends' network failure).
          await phone.page
            .locator('[data-state] > [role="alert"]')
            .first()
            .waitFor({ state: 'detached', timeout: 10_000 })
            .catch(() => console.warn(`${route}: a toast still on screen after 10 s; checked as it is`))
          await expectAccessible(phone.page, `${route} network error, ${fixture}`)
          if (route === ROUTES.at(-1)) await phone.shot(`a11y-${fixture}-network-error-create`)
        },
        {
          prepare: async (phone) => {
            await phone.page.route(API, (route) => route.abort())
          },
        },
      )
    })

    it('has none on the 404 page', async () => {
      const phone = await openPhone(fixture)
      const response = await phone.page.goto(`${phone.baseUrl}/no_such_page`)
      expect(response?.status()).toBe(404)
      await expectAccessible(phone.page, `404, ${fixture}`)
      await expectEveryShape(phone, `${fixture}-404`)
      await phone.context.close()
    })
  })
}
