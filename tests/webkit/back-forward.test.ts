/**
 * Back and forward in WebKit (issue 39): WebKitGTK, like iOS's WKWebView and Safari, keeps a page in its
 * back-forward cache and shows it again, scripts and all, exactly as it was left. Playwright's Chromium
 * turns that cache off, so only here can a journey see a page that comes back with the data it had while
 * another page changed it. Each journey leaves a page for another, changes the data there (through that
 * page, or on the server as the app's own screens or another phone would), comes back, checks the browser
 * kept the page (not loaded it again), and waits for the data as it is now. In the app fixture, on the
 * demo users whose data the browser tests may change (server/seed/demo.ts).
 */
import { describe, expect, it } from 'vitest'
import { skipBecause } from '../../scripts/test/skip-because'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { appUserAgent } from '../e2e/support/browser'
import { serverUrl } from '../e2e/support/server'
import { button, fill, holds, markPage, restoredFromCache, tap, where } from './support/page'
import { webkitSuite } from './support/suite'
import { waitFor, type Session } from './support/webdriver'

const suite = webkitSuite()

/** The reference server's answer to `path` for `token` (its `data`); throws on a failure. */
async function api<T>(token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(serverUrl() + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const reply = (await response.json()) as { result: string; data: T; msg: string }
  if (reply.result !== 'SUCCESS') throw new Error(`${path}: ${reply.msg}`)
  return reply.data
}

/** A window of the app fixture for `token`: the fake host on, with that user. */
async function openApp(token: string, isVip: boolean): Promise<Session> {
  const session = await suite.webkit().open(appUserAgent({ token, isVip }))
  await session.navigate(`${suite.proxy().url}/?fakeHost=app&fakeHostToken=${token}&fakeHostVip=${isVip}`)
  return session
}

/** Opens `path` and waits until the page's own code has taken over its first screen. */
async function openPage(session: Session, path: string): Promise<void> {
  await session.navigate(suite.proxy().url + path)
  await waitFor(`${path} to start`, () => session.execute<boolean>('return window.__kidsStarted === true'))
}

/** The browser's back button, then: the page kept in the cache is on screen again (not a fresh load of it). */
async function backToKeptPage(session: Session, path: string): Promise<void> {
  await session.back()
  await waitFor(`back on ${path}`, async () => (await where(session)) === path)
  await waitFor(`${path} shown from the back-forward cache`, () => restoredFromCache(session))
}

/** The page's own return to the list it came from (after a save): a page the browser kept, too. */
async function returnedToKeptPage(session: Session, path: string): Promise<void> {
  await waitFor(`back on ${path}`, async () => (await where(session)) === path)
  await waitFor(`${path} shown from the back-forward cache`, () => restoredFromCache(session))
}

/**
 * How long the restored page showed its old data: from its `pageshow` until `changed` was true (polled
 * every frame from the moment the page is left, in the page), and the reload's round trip at the proxy.
 */
async function staleFor(session: Session, path: string): Promise<{ stale: number; roundTrip: number }> {
  const shownAt = await session.execute<number>('return window.__capture.shows[window.__capture.shows.length - 1].at')
  const changedAt = await waitFor('the change to be timed', () => session.execute<number>('return window.__changedAt || 0'))
  const reload = suite.proxy().requests.find((request) => request.path === path && request.startedAt >= shownAt - 50 && request.endedAt > 0)
  expect(reload, `a reload of ${path} as the page came back`).toBeDefined()
  return { stale: changedAt - shownAt, roundTrip: reload!.endedAt - shownAt }
}

/**
 * Starts timing, in the page about to be left, the moment its content holds `text` once it is shown again
 * from the cache (the page's policy allows no script from a string: the check is written out here).
 */
const timeChange = (session: Session, text: string) =>
  session.execute(
    `window.__changedAt = 0
     const changed = () => document.getElementById('root').textContent.includes(arguments[0])
     const check = () => (changed() ? (window.__changedAt = Date.now()) : requestAnimationFrame(check))
     addEventListener('pageshow', (event) => event.persisted && requestAnimationFrame(check), { once: true })`,
    [text],
  )

describe('a page shown again from the back-forward cache in WebKit shows the data as it is now', skipBecause(suite.skipWhy), () => {
  it('the folder list, after a folder is created, renamed, filled and deleted on other pages', async () => {
    const token = DEMO_TOKENS.trial
    const session = await openApp(token, false)
    const stamp = String(Date.now() % 100_000)
    const created = `后退新建${stamp}`
    const renamed = `后退改名${stamp}`
    const book = `后退绘本${stamp}`
    const top = '/generate_book/list?id=0'
    try {
      // Step: create: 添加文件夹 → 手动创建, a name, 保存; the create page goes back to the list.
      await openPage(session, top)
      await markPage(session)
      await tap(session, button('添加文件夹'))
      await tap(session, button('手动创建'))
      await fill(session, 'input[placeholder="请输入名称"]', created)
      await tap(session, button('保存'))
      await returnedToKeptPage(session, top)
      await waitFor(`${created} on the list`, () => holds(session, created))

      // Step: edit: the row's 编辑, a new name, 保存; back on the list, the row has its new name.
      await markPage(session)
      await tap(session, button('编辑', `//li[contains(., '${created}')]`))
      await fill(session, 'input[placeholder="请输入名称"]', renamed)
      await tap(session, button('保存'))
      await returnedToKeptPage(session, top)
      await waitFor(`${renamed} on the list`, async () => (await holds(session, renamed)) && !(await holds(session, created)))

      // Step: import: into the folder from its own list (进入绘本 → 百度网盘上传, the cloud drive's page);
      // the book lands while the list waits in the cache. Back: the list shows it.
      const folder = (await api<{ items: { id: number; title: string }[] }>(token, '/v1/directory/0')).items.find(
        (f) => f.title === renamed,
      )!
      const inside = `/generate_book/list?id=${folder.id}`
      await tap(session, `//li[contains(., '${renamed}')]//button[contains(., '${renamed}')]`)
      await waitFor(`the list of ${renamed}`, async () => (await where(session)) === inside)
      await waitFor(`${inside} to start`, () => session.execute<boolean>('return window.__kidsStarted === true'))
      await markPage(session)
      await timeChange(session, book)
      await tap(session, button('进入绘本'))
      await tap(session, button('百度网盘上传'))
      await waitFor('the cloud-drive page', async () => (await where(session)).startsWith('/self_service_baidu'))
      const intro = { intro: '', imageUrl: '', rootId: null, ages: [], tags: [] }
      await api(token, '/v1/bookCreation/add', { parentId: folder.id, type: 0, title: book, ...intro })
      await backToKeptPage(session, inside)
      await waitFor(`${book} in the folder`, () => holds(session, book))
      const timing = await staleFor(session, `/v1/directory/${folder.id}`)
      console.log(`[back-forward] the folder's old list showed ${timing.stale} ms; its reload's round trip ${timing.roundTrip} ms`)
      // No longer than the reload's round trip and the time to draw its answer (a second round trip, or a
      // wait for anything else, would show; a second is room for a loaded machine to draw).
      expect(timing.stale).toBeLessThanOrEqual(timing.roundTrip + 1000)

      // Step: delete: the folder is deleted while the top level waits in the cache (on its own list,
      // here by the server, as the app's screens or another phone would). Back: the row is gone.
      await backToKeptPage(session, top)
      await markPage(session)
      await tap(session, `//li[contains(., '${renamed}')]//button[contains(., '${renamed}')]`)
      await waitFor(`the list of ${renamed}`, async () => (await where(session)) === inside)
      await api(token, '/v1/bookCreation/delete', { id: folder.id })
      await backToKeptPage(session, top)
      await waitFor(`${renamed} gone from the list`, async () => !(await holds(session, renamed)))
      expect(await session.execute<string[]>('return window.__capture.errors')).toEqual([])
    } finally {
      await session.close()
    }
  })

  it('/space_upgrade, after space is bought while it waits in the cache', async () => {
    const token = DEMO_TOKENS.trial
    const session = await openApp(token, false)
    try {
      const total = () =>
        session.execute<string | null>(
          `const bar = document.querySelector('[role=progressbar]'); return bar && bar.getAttribute('aria-valuemax')`,
        )
      const before = await api<{ total: number }>(token, '/v1/user/myCapacity')
      await openPage(session, '/space_upgrade')
      await waitFor('the capacity', async () => (await total()) === String(before.total))
      // Step: to another page; the app's store sells 50 GB meanwhile (the development route it uses).
      await markPage(session)
      await openPage(session, '/price_up')
      const [goods] = await api<{ id: number }[]>(token, '/v1/goods/spaces')
      const after = await api<{ total: number }>(token, '/v1/dev/space/purchase', { goodsId: goods!.id })
      expect(after.total).toBeGreaterThan(before.total)
      // Step: back: the capacity is the one bought.
      const leftAt = Date.now()
      await backToKeptPage(session, '/space_upgrade')
      await waitFor('the capacity bought', async () => (await total()) === String(after.total)).catch(async (error: Error) => {
        // Said with what the page showed and what it asked for, should it fail again (CI, once, at load 9).
        const asked = suite.proxy().requests.filter((request) => request.path === '/v1/user/myCapacity' && request.startedAt >= leftAt)
        const answers = asked.map((request) => `${request.status} after ${request.startedAt - leftAt} ms`).join(', ') || 'none'
        throw new Error(`${error.message}: the page shows ${await total()} of ${after.total}; myCapacity asked since the back: ${answers}`)
      })
      expect(await session.execute<string[]>('return window.__capture.errors')).toEqual([])
    } finally {
      await session.close()
    }
  })

  it('/vip_sale, after the membership is renewed while it waits in the cache', async () => {
    const token = DEMO_TOKENS.vip
    const session = await openApp(token, true)
    try {
      const status = () =>
        session.execute<string>(`const card = document.querySelector('[aria-label="会员状态"]'); return card ? card.textContent : ''`)
      const before = await api<{ expireTime: string }>(token, '/v1/user/vipInfo')
      await openPage(session, '/vip_sale')
      await waitFor('the membership', async () => (await status()).includes(`会员有效期至 ${before.expireTime.slice(0, 10)}`))
      // Step: to another page; a year is bought in the app's store meanwhile.
      await markPage(session)
      await openPage(session, '/price_up')
      const plans = await api<{ id: number; months: number }[]>(token, '/v1/goods/vips')
      const after = await api<{ expireTime: string }>(token, '/v1/dev/vip/purchase', { goodsId: plans.find((p) => p.months === 12)!.id })
      expect(after.expireTime.slice(0, 10)).not.toBe(before.expireTime.slice(0, 10))
      // Step: back: the card has the new end date.
      await backToKeptPage(session, '/vip_sale')
      await waitFor('the new end date', async () => (await status()).includes(`会员有效期至 ${after.expireTime.slice(0, 10)}`))
      expect(await session.execute<string[]>('return window.__capture.errors')).toEqual([])
    } finally {
      await session.close()
    }
  })
})
