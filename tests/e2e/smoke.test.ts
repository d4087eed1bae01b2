import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_FOLDERS } from '../../server/seed/demo'
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

// What each route's HTML paints before any of its JavaScript has run (the prerendered frame, issue 7).
const FRAMES: [route: string, heading: string, text: string][] = [
  ['/', '小象英语', '陪孩子在玩中学英语'],
  ['/recorded_share?r=demo-book', '录音作品', '加载中'],
  ['/word_share?r=demo-words', '录音作品', '加载中'],
  ['/space_upgrade', '空间扩容', '分享赚空间'],
  ['/expand_space', '新年空间扩容礼包', '领取扩容礼包'],
  ['/price_up', '价格调整通知', '会员价格调整通知'],
  [`/generate_book/list?id=${DEMO_FOLDERS.bedtime}`, '自制绘本列表', '加载中'],
  ['/generate_book/create?parentId=1', '新建文件夹', '加载中'],
  [`/generate_book/create?id=${DEMO_FOLDERS.bedtime}`, '编辑文件夹', '加载中'],
]

describe('before any JavaScript file arrives', () => {
  it('paints every route\'s frame from its HTML: header, title and first content', async () => {
    const phone = await openPhone('browser')
    const { page } = phone
    await page.route('**/assets/*.js', (route) => route.abort())
    for (const [route, heading, text] of FRAMES) {
      await page.goto(phone.baseUrl + route)
      expect(await page.getByRole('heading', { level: 1 }).textContent(), route).toBe(heading)
      expect(await page.locator('#root').innerText(), route).toContain(text)
    }
    expect(await page.title()).toBe('编辑文件夹')
    await phone.shot('smoke-frame-create-edit')
    await phone.context.close()
  })
})
