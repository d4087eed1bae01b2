/**
 * Every in-app page opens with no network (issue 47, deliverable 5), in Chromium: its HTML and files from
 * its package (support/package-files.ts stands for the app's interception of an installed package) and
 * every other request refused as a phone with no connection refuses it. A page then shows its content
 * (from the replies it kept from its last open, shared/http/kept-replies.ts, or needing none) or its
 * offline state: the spec's network-failure words (docs/contracts/ui-text.md) with a 重试 that works once
 * the network is back. Never a white screen, never the browser's error page, no dead end. Each state is
 * checked by axe and, opened offline, looked at upright and on its side at 100 and 200 % text
 * (`layout-offline-…` screenshots, support/phone-shapes.ts).
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { demoLinks, readPages, type DemoLink } from '../../server/demo-links'
import { expectAccessible } from './support/axe'
import { closeBrowser, openPhone, type PhonePage } from './support/browser'
import { DIST, servePackageFiles } from './support/package-files'
import { expectEveryShape, shapeName } from './support/phone-shapes'

afterAll(closeBrowser)

const PAGES = readPages(DIST)

/** The in-app pages: every route with a demo link in the app fixture, opened by its bench link if that is in the app, else its first app link. */
const IN_APP: DemoLink[] = [
  ...demoLinks(DIST)
    .filter((link) => link.inApp)
    .reduce(
      (byRoute, link) => (byRoute.has(link.route) && !link.bench ? byRoute : byRoute.set(link.route, link)),
      new Map<string, DemoLink>(),
    )
    .values(),
]

/** The spec's words for a request the network failed (docs/contracts/ui-text.md). */
const NETWORK_FAILED = '网络错误，请检查您的网络连接'
const RETRY = '重试'

/**
 * The pages a parent expects to see offline as they were last time (their first replies kept per user,
 * `keep` in their page.ts): their books, a folder's edit form, their cloud drive's step (authorize, or
 * its root, listed when the network is back), their space, their membership. The others' first view
 * needs the network or nothing at all. A new folder's form draws from its kept options, and an
 * edit drawn from kept values saves only once it has the folder's current ones: their own cases below.
 */
const SHOWN_FROM_KEPT = new Set(['/generate_book/list', '/generate_book/create', '/self_service_baidu', '/space_upgrade', '/vip_sale'])

/** The page's own failure view (not the toast, which says the same words for 2 s). */
const offlineView = (page: Page) => page.getByText(NETWORK_FAILED).and(page.locator(':not([role=alert])'))

/** Whether the link's proof (what shows its data) is on screen. */
async function proofShown(page: Page, link: DemoLink): Promise<boolean> {
  const { proof } = link
  if (typeof proof === 'string') return page.getByText(proof).first().isVisible()
  const field = page.getByLabel(proof.field)
  return (await field.count()) > 0 && (await field.first().inputValue()) === proof.value
}

/** Opens the link and waits until it shows its content or its offline state; which one. */
async function openAndSettle(phone: PhonePage, link: DemoLink): Promise<'content' | 'offline'> {
  const { page } = phone
  await page.goto(phone.baseUrl + link.path)
  let shown: 'content' | 'offline' | null = null
  await expect
    .poll(
      async () => {
        if (await proofShown(page, link)) shown = 'content'
        else if (await offlineView(page).first().isVisible()) shown = 'offline'
        return shown
      },
      { timeout: 15_000, message: `${link.path}: neither its content nor its offline state` },
    )
    .not.toBeNull()
  // Never the browser's own error page, never a white screen: the page's header and its words are there.
  expect(page.url()).toBe(phone.baseUrl + link.path)
  const text = await page.evaluate(() => document.getElementById('root')?.innerText.trim() ?? '')
  expect(text.length, `${link.path}: text on screen`).toBeGreaterThan(4)
  // The toast saying the same words goes after 2 s: the page is checked under it once it has gone.
  await page.locator('[data-state] > [role="alert"]').first().waitFor({ state: 'detached', timeout: 10_000 })
  return shown!
}

/** Taps every 重试 on screen (a page with two sections has one each). */
async function retryAll(page: Page): Promise<number> {
  const buttons = page.getByRole('button', { name: RETRY, exact: true })
  const count = await buttons.count()
  for (let i = 0; i < count; i++) await buttons.first().tap()
  return count
}

describe('every in-app page opened from its package with no network', { timeout: 150_000 }, () => {
  it('covers every page with a demo link in the app', () => {
    const inApp = Object.entries(PAGES).filter(([, page]) => page.demoLinks.some((link) => link.fixture === 'app'))
    expect(IN_APP.map((link) => link.route).sort()).toEqual(inApp.map(([route]) => route).sort())
    expect(IN_APP.length).toBeGreaterThanOrEqual(7)
  })

  it.each(IN_APP.map((link) => [link.route, link] as const))('%s', async (route, link) => {
    const phone = await openPhone('app')
    const { page } = phone
    const files = await servePackageFiles(phone.context, phone.baseUrl, Object.keys(PAGES))
    const name = shapeName('offline', route)
    const needsNetwork = (PAGES[route] as { firstRequests?: unknown[] }).firstRequests?.length ?? 0

    // Step: the first open ever, with no network: nothing kept yet.
    files.setOffline(true)
    const first = await openAndSettle(phone, link)
    expect(first, `${route} with nothing kept`).toBe(needsNetwork > 0 ? 'offline' : 'content')
    expect(files.fromPackage()).toContain(phone.baseUrl + link.path)
    expect(files.networkRequests().every((request) => request.refused)).toBe(true)
    await expectAccessible(page, `${route} opened offline`)
    await expectEveryShape(phone, `${name}-first`)

    if (first === 'offline') {
      // Step: the network is back: 重试 brings the content, on the page as it is (no reload, no dead end).
      files.setOffline(false)
      expect(await retryAll(page)).toBeGreaterThan(0)
      await expect.poll(() => proofShown(page, link), { timeout: 15_000, message: `${route}: content after 重试` }).toBe(true)
      expect(await offlineView(page).count()).toBe(0)
      expect(page.url()).toBe(phone.baseUrl + link.path)
    }
    // Step: an open with the network, the last before going offline (its early requests keep their replies).
    files.setOffline(false)
    expect(await openAndSettle(phone, link)).toBe('content')
    const kept = SHOWN_FROM_KEPT.has(route)

    // Step: opened again with no network, after an open with it: the kept replies, else the offline state again.
    files.networkRequests()
    files.setOffline(true)
    const again = await openAndSettle(phone, link)
    expect(again, `${route} offline after an open with the network`).toBe(kept || needsNetwork === 0 ? 'content' : 'offline')
    expect(files.networkRequests().every((request) => request.refused)).toBe(true)
    if (kept) {
      // The kept list says nothing about the failed request (use-load.ts `kept`): no error view, no toast.
      expect(await page.getByText(NETWORK_FAILED).count()).toBe(0)
      await expectAccessible(page, `${route} opened offline from its kept replies`)
      await expectEveryShape(phone, `${name}-kept`)
    }
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it("a new folder's form opens offline from the options kept by the last open", async () => {
    const create = demoLinks(DIST).find((link) => link.route === '/generate_book/create' && !link.bench)!
    expect(create.path).toContain('parentId=')
    const phone = await openPhone('app')
    const files = await servePackageFiles(phone.context, phone.baseUrl, Object.keys(PAGES))
    const nameBox = phone.page.getByRole('textbox', { name: /名称/ })
    // Nothing kept: the form with no choices (create-state.ts `optionsMsg`), the failure said by its toast.
    files.setOffline(true)
    await phone.page.goto(phone.baseUrl + create.path)
    await nameBox.waitFor({ timeout: 15_000 })
    await phone.page.getByRole('alert').getByText(NETWORK_FAILED).waitFor({ timeout: 15_000 })
    expect(await phone.page.getByText(create.proof as string).count()).toBe(0)
    files.setOffline(false)
    expect(await openAndSettle(phone, create)).toBe('content')
    files.networkRequests()
    files.setOffline(true)
    // The kept options: the form with its choices, ready to type into, and no error said.
    expect(await openAndSettle(phone, create)).toBe('content')
    expect(await phone.page.getByText(NETWORK_FAILED).count()).toBe(0)
    await nameBox.fill('动物世界')
    expect(files.networkRequests().every((request) => request.refused)).toBe(true)
    await phone.context.close()
  })

  it("an edit drawn from kept values takes the folder's current ones, keeps what was typed, and saves only once it has them", async () => {
    const phone = await openPhone('app')
    const { page } = phone
    const files = await servePackageFiles(phone.context, phone.baseUrl, Object.keys(PAGES))
    /** The API as the page's user (the fake host's own, the VIP demo user), to change the folder elsewhere and read what was saved. */
    const api = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
      const reply = await phone.context.request.fetch(phone.baseUrl + path, {
        method,
        headers: { Authorization: 'Bearer demo-vip-token', 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { data: JSON.stringify(body) }),
      })
      const json = (await reply.json()) as { data: T; msg: string }
      if (!reply.ok()) throw new Error(`${method} ${path}: ${reply.status()} ${json.msg}`)
      return json.data
    }
    const fields = { intro: '第一版简介', imageUrl: '', rootId: null, ages: [], tags: [] }
    const { id } = await api<{ id: number }>('POST', '/v1/bookCreation/add', { parentId: 0, type: 1, title: '编辑测试', ...fields })
    const saved = () => api<{ title: string; intro: string }>('GET', `/v1/directory/${id}`)
    const edit = `${phone.baseUrl}/generate_book/create?id=${id}`
    const name = page.getByRole('textbox', { name: /名称/ })
    const intro = page.getByRole('textbox', { name: /简介/ })
    const save = page.getByRole('button', { name: '保存', exact: true })
    const keptKey = (key: string) => page.evaluate((k) => Object.keys(localStorage).some((name) => name.endsWith(k)), key)
    /** Holds the folder's reply back (a slow network) until the returned function lets it go. */
    const holdFolder = async () => {
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(`**/v1/directory/${id}`, async (route) => (await held, route.continue().catch(() => {})))
      return release
    }
    const savedAndBack = async (values: { title: string; intro: string }) => {
      await page.waitForURL((url) => url.pathname === '/generate_book/list', { timeout: 15_000 })
      expect(await saved()).toMatchObject(values)
      await page.unroute(`**/v1/directory/${id}`)
    }

    // Step: an open with the network keeps the folder's reply.
    await page.goto(edit)
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('编辑测试')
    await expect.poll(() => keptKey(`GET /v1/directory/${id}`)).toBe(true)

    // Step: the folder's intro is changed elsewhere; the next open's request for it is held back (a slow network).
    await api('POST', '/v1/bookCreation/update', { id, title: '编辑测试', ...fields, intro: '别处改的简介' })
    const release = await holdFolder()
    await page.goto(edit)
    // Drawn at once from the kept values: the name can be typed over before the answer.
    await expect.poll(() => intro.inputValue(), { timeout: 15_000 }).toBe('第一版简介')
    await name.fill('我改的名字')
    // 保存 before the answer: it waits for the folder's current values (nothing saved meanwhile).
    await save.tap()
    await expect.poll(() => save.isDisabled()).toBe(true)
    expect(await saved()).toMatchObject({ title: '编辑测试', intro: '别处改的简介' })
    // Then saves the name the user changed, and the intro changed elsewhere stays: never the kept one back over it.
    release()
    await savedAndBack({ title: '我改的名字', intro: '别处改的简介' })

    // Step: the same, the answer in before 保存: the form shows the new intro, the name typed meanwhile stays.
    await page.goto(edit)
    await expect.poll(() => intro.inputValue(), { timeout: 15_000 }).toBe('别处改的简介')
    await expect.poll(() => keptKey(`GET /v1/directory/${id}`)).toBe(true)
    await api('POST', '/v1/bookCreation/update', { id, ...fields, title: '我改的名字', intro: '又一次改的简介' })
    const releaseAgain = await holdFolder()
    await page.goto(edit)
    await expect.poll(() => intro.inputValue(), { timeout: 15_000 }).toBe('别处改的简介')
    await name.fill('第三个名字')
    releaseAgain()
    await expect.poll(() => intro.inputValue(), { timeout: 15_000 }).toBe('又一次改的简介')
    expect(await name.inputValue()).toBe('第三个名字')
    await phone.shot('create-edit-kept-then-current')
    await save.tap()
    await savedAndBack({ title: '第三个名字', intro: '又一次改的简介' })

    // Step: opened with no network from kept values (the save forgot the old ones; this open keeps the new).
    await page.goto(edit)
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('第三个名字')
    await expect.poll(() => keptKey(`GET /v1/directory/${id}`)).toBe(true)
    files.setOffline(true)
    await page.goto(edit)
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('第三个名字')
    await intro.fill('离线时写的简介')
    // 保存 cannot confirm the values: said once under the button, nothing saved; with the network back it saves.
    await save.tap()
    const said = page.locator('form').getByRole('alert')
    await said.waitFor({ timeout: 15_000 })
    expect(await said.textContent()).toBe(NETWORK_FAILED)
    // Beside the button, on screen however far the form is scrolled.
    const box = (await said.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height)
    expect(await save.isEnabled()).toBe(true)
    await phone.shot('create-edit-offline-save')
    files.setOffline(false)
    expect(await saved()).toMatchObject({ intro: '又一次改的简介' })
    await save.tap()
    await savedAndBack({ title: '第三个名字', intro: '离线时写的简介' })
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})
