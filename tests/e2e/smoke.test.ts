import { afterAll, describe, expect, it } from 'vitest'
import { closeBrowser, openPhone, type Fixture } from './support/browser'

// Every built route, as a visitor reaches it: clean URL, no trailing slash.
const ROUTES = [
  '/',
  '/wechat',
  '/app',
  '/about_app',
  '/recorded_share?r=demo-book',
  '/word_share?r=demo-words',
  '/space_upgrade',
  '/expand_space',
  '/price_up',
  '/generate_book/list?id=0',
  '/generate_book/create',
]

afterAll(closeBrowser)

describe.each<Fixture>(['browser', 'app'])('every page in the %s fixture', (fixture) => {
  it('opens every route with content on screen and no uncaught error', async () => {
    const phone = await openPhone(fixture)
    for (const route of ROUTES) {
      // Step: open the route as a share link would.
      const response = await phone.page.goto(phone.baseUrl + route)
      expect(response?.status(), route).toBe(200)
      // Step: the page painted something (never a white screen).
      await phone.page.waitForFunction(() => (document.getElementById('root')?.children.length ?? 0) > 0)
      const name = route.replace(/[/?=&]+/g, '_').replace(/^_|_$/g, '') || 'home'
      await phone.shot(`smoke-${fixture}-${name}`)
    }
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('answers an unknown route with 404', async () => {
    const phone = await openPhone(fixture)
    const response = await phone.page.goto(`${phone.baseUrl}/no_such_page`)
    expect(response?.status()).toBe(404)
    await phone.context.close()
  })
})

describe('the app fixture', () => {
  it('asks the host for the user on start', async () => {
    const phone = await openPhone('app')
    await phone.page.goto(`${phone.baseUrl}/space_upgrade`)
    await expect.poll(() => phone.calls('getUserInfo')).toEqual([
      expect.objectContaining({ name: 'getUserInfo', payload: { sourceFrom: 'h5' } }),
    ])
    await phone.context.close()
  })
})
