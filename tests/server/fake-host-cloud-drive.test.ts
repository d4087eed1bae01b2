/**
 * The fake host's baiduAuthorize against the real app: it grants the demo drive to the current
 * demo user through the development route, then tells the page it is visible again. The page's
 * fetch goes to `app.inject` (no port).
 */
import { expect, it } from 'vitest'
import { fakeHostPages } from './helpers/fake-host-page'
import { BASIC, envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer({ devRoutes: true })

const page = fakeHostPages(server)

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

const status = async (headers: Record<string, string>) => envelope(await server.get('/v1/cloudDrive/status', headers)).data

it('answers baiduAuthorize by granting the demo drive to the configured user, then sends visibleChange true', async () => {
  const { g, received } = page('demo-basic-token')
  expect(await status(BASIC)).toEqual({ authorized: false, accountName: '' })
  g.KidsEnglishBridge!.baiduAuthorize!('{}')
  await until(() => received.length === 1)
  expect(received[0]).toEqual({ type: 'visibleChange', data: { result: true } })
  // The grant is in place by the time the page hears it is visible again.
  expect(await status(BASIC)).toEqual({ authorized: true, accountName: '乐乐爸爸的网盘' })
  expect(await status(VIP)).toEqual({ authorized: false, accountName: '' })
})
