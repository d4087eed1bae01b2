/**
 * The cloud-drive import (/self_service_baidu) against the reference server's demo drive
 * (server/cloud-drive/demo/demo-drive.ts), as a parent uses it in the app: from the folder list,
 * authorize through the fake host, browse, pick, import, and see the new books in the list.
 * The journeys run as the basic demo user (乐乐爸爸) in folders they make, so no other suite's
 * demo tree changes; the VIP user's drive stays unauthorized (the page's demo links show its authorize step).
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { expectAccessible } from './support/axe'
import { closeBrowser, openPhone, type PhonePage } from './support/browser'

afterAll(closeBrowser)

const USER = { token: DEMO_TOKENS.basic, isVip: false }
const ENGLISH = '英语绘本'
const THOUSAND = '绘本大全（1000本）'

interface ApiFolder {
  id: number
  title: string
  type: number
  items: ApiFolder[] | null
}

/** Calls the API as the basic demo user, to set the scene or check what the page did. */
async function api<T>(phone: PhonePage, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const reply = await phone.context.request.fetch(phone.baseUrl + path, {
    method,
    headers: { Authorization: `Bearer ${USER.token}`, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await reply.json()) as { data: T; msg: string }
  if (!reply.ok()) throw new Error(`${method} ${path}: ${reply.status()} ${json.msg}`)
  return json.data
}

const makeFolder = (phone: PhonePage, parentId: number, type: 1 | 2, title: string) =>
  api<ApiFolder>(phone, 'POST', '/v1/bookCreation/add', {
    parentId,
    type,
    title,
    intro: '',
    imageUrl: '',
    rootId: null,
    ages: [],
    tags: [],
  })

/** Drops the user's grant (the authorize step shows) or gives them the demo drive. */
const revoke = (phone: PhonePage) => api(phone, 'POST', '/v1/dev/cloudDrive/revoke', {})
const grant = (phone: PhonePage) => api(phone, 'POST', '/v1/dev/cloudDrive/grant', {})

/** Waits for fonts and animations, so a screenshot shows the settled page. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(250)
}

const list = (page: Page) => page.getByRole('list', { name: '文件列表' })
const listRows = (page: Page) => page.getByRole('list', { name: '绘本列表' }).getByRole('listitem')

async function openApp(): Promise<PhonePage> {
  return openPhone('app', USER)
}

describe('cloud-drive import in the app', () => {
  it('百度网盘上传: authorizes through the host, picks PDFs and imports them into the album, which lists and opens them', async () => {
    const phone = await openApp()
    const { page, baseUrl } = phone
    await revoke(phone)
    const album = await makeFolder(phone, 0, 1, '网盘上传测试')

    // Step: from the album's list, 进入绘本 → 百度网盘上传.
    await page.goto(`${baseUrl}/generate_book/list?id=${album.id}`)
    await page.getByRole('button', { name: '进入绘本' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '百度网盘上传' }).click()
    await page.waitForURL(/\/self_service_baidu\?/)
    expect(new URL(page.url()).search).toBe(`?from=generate_book&albumId=${album.id}&supportSuffix=pdf`)

    // Step: not authorized yet: the authorize step.
    await page.getByText('授权百度网盘后，可直接导入网盘中的PDF绘本').waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-authorize')
    await expectAccessible(page, 'cloud drive: authorize step')

    // Step: 授权百度网盘 → the host grants the demo drive and sends visibleChange → the drive shows.
    await page.getByRole('button', { name: '授权百度网盘' }).click()
    await page.getByText('已授权：乐乐爸爸的网盘').waitFor()
    expect(await phone.calls('baiduAuthorize')).toHaveLength(1)
    await list(page).waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-album-root')

    // Step: open 英语绘本: only its PDFs (any case) and folders, folders first, with size and time.
    await page.getByRole('button', { name: ENGLISH, exact: true }).click()
    await page.getByRole('checkbox', { name: 'The Little Red Hen.pdf' }).waitFor()
    const names = await list(page).getByRole('listitem').allTextContents()
    expect(names[0]).toContain('动物故事')
    expect(names.join('|')).toContain('SUNNY DAY.PDF')
    for (const hidden of ['课程表.xlsx', '封面.jpg', '读书笔记.pdf.txt']) expect(names.join('|')).not.toContain(hidden)
    expect(await list(page).getByRole('listitem').filter({ hasText: /^pdf/ }).count()).toBe(0)
    expect(await page.getByRole('checkbox', { name: '动物故事' }).count()).toBe(0)
    const hen = list(page).getByRole('listitem').filter({ hasText: 'The Little Red Hen.pdf' })
    expect(await hen.textContent()).toMatch(/\d+(\.\d+)?KB.*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
    const path = page.getByRole('navigation', { name: '路径' })
    expect(await path.getByRole('button').allTextContents()).toEqual(['全部文件', ENGLISH])

    // Step: pick two; the footer counts them and 导入 works.
    expect(await page.getByRole('button', { name: '导入' }).isDisabled()).toBe(true)
    await page.getByRole('checkbox', { name: 'The Little Red Hen.pdf' }).check()
    await page.getByRole('checkbox', { name: 'Brown Bear Says Hello.pdf' }).check()
    await page.getByText('已选2项').waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-album-selected')
    await expectAccessible(page, 'cloud drive: files picked (albumId)')

    // Step: 导入 → the progress bar, then 导入成功 and back to the list, which shows both at once.
    await page.getByRole('button', { name: '导入' }).click()
    await page.getByRole('progressbar', { name: '导入进度' }).waitFor()
    await phone.shot('cloud-drive-app-progress')
    await page.getByRole('alert').filter({ hasText: '导入成功' }).waitFor()
    await page.waitForURL(`${baseUrl}/generate_book/list?id=${album.id}`)
    await listRows(page).filter({ hasText: 'The Little Red Hen' }).waitFor()
    await listRows(page).filter({ hasText: 'Brown Bear Says Hello' }).waitFor()
    expect(await listRows(page).count()).toBe(2)
    // It went back in history (no second copy of the list; the list's pageshow reload is a unit test).
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe(
      'back_forward',
    )
    await settle(page)
    await phone.shot('cloud-drive-app-album-imported')

    // Step: a new book opens (in the app: the native book view).
    await listRows(page).filter({ hasText: 'The Little Red Hen' }).getByRole('button').first().click()
    await expect.poll(async () => (await phone.calls('openPage')).length).toBe(1)
    const saved = await api<ApiFolder>(phone, 'GET', `/v1/directory/${album.id}`)
    expect(saved.items?.map((b) => b.title).sort()).toEqual(['Brown Bear Says Hello', 'The Little Red Hen'])
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('网盘导入: picks folders, each opened with its own 打开, and imports them as folders of books', async () => {
    const phone = await openApp()
    const { page, baseUrl } = phone
    await grant(phone)
    const parent = await makeFolder(phone, 0, 2, '网盘导入测试')

    // Step: from the parent's list, 添加文件夹 → 网盘导入.
    await page.goto(`${baseUrl}/generate_book/list?id=${parent.id}`)
    await page.getByRole('button', { name: '添加文件夹' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '网盘导入' }).click()
    await page.waitForURL(/\/self_service_baidu\?/)
    expect(new URL(page.url()).search).toBe(`?from=generate_book&parentId=${parent.id}&supportSuffix=pdf`)

    // Step: folders are checkboxes with 打开; files show but cannot be picked.
    await page.getByRole('checkbox', { name: ENGLISH }).waitFor()
    expect(await page.getByRole('checkbox', { name: 'Rainbow Garden.pdf' }).count()).toBe(0)
    await list(page).getByText('Rainbow Garden.pdf').waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-parent-root')
    await expectAccessible(page, 'cloud drive: folders to pick (parentId)')

    // Step: 打开 英语绘本 shows what it holds; 全部文件 goes back.
    await list(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox', { name: ENGLISH }) })
      .getByRole('button', { name: '打开' })
      .click()
    await page.getByRole('checkbox', { name: '动物故事' }).waitFor()
    await page.getByRole('navigation', { name: '路径' }).getByRole('button', { name: '全部文件' }).click()

    // Step: pick 英语绘本 and import it.
    await page.getByRole('checkbox', { name: ENGLISH }).check()
    await page.getByText('已选1项').waitFor()
    await page.getByRole('button', { name: '导入' }).click()
    await page.getByRole('alert').filter({ hasText: '导入成功' }).waitFor()
    await page.waitForURL(`${baseUrl}/generate_book/list?id=${parent.id}`)

    // Step: the new folder is in the list at once, and opens with its four PDFs as books (subfolders not imported).
    const row = listRows(page).filter({ hasText: ENGLISH })
    await row.waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-parent-imported')
    await row.getByRole('button').first().click()
    await page.waitForURL(/\/generate_book\/list\?id=\d+$/)
    await listRows(page).first().waitFor()
    expect((await listRows(page).allTextContents()).map((t) => t.split('更新时间')[0]!.trim()).sort()).toEqual(
      ['Brown Bear Says Hello', 'Counting Stars', 'SUNNY DAY', 'The Little Red Hen'].sort(),
    )
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('lists the files that failed by name when part of an import fails, and keeps the rest', async () => {
    const phone = await openApp()
    const { page, baseUrl } = phone
    await grant(phone)
    const album = await makeFolder(phone, 0, 1, '部分失败测试')
    await page.goto(`${baseUrl}/generate_book/list?id=${album.id}`)
    await page.goto(`${baseUrl}/self_service_baidu?from=generate_book&albumId=${album.id}&supportSuffix=pdf`)

    // Step: in 睡前故事, pick every PDF, one of which cannot be read.
    await page.getByRole('button', { name: '睡前故事', exact: true }).click()
    for (const name of ['Good Night, Little Bear.pdf', 'The Moon and the Cat.pdf', '损坏的绘本.pdf']) {
      await page.getByRole('checkbox', { name }).check()
    }
    await page.getByRole('button', { name: '导入' }).click()

    // Step: the result names the failed file; 返回列表 shows the two that worked.
    await page.getByRole('heading', { name: '1个文件导入失败' }).waitFor({ timeout: 15_000 })
    await page.getByRole('list', { name: '导入失败的文件' }).getByText('损坏的绘本.pdf').waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-partial')
    await expectAccessible(page, 'cloud drive: partial result')
    await page.getByRole('button', { name: '返回列表' }).click()
    await page.waitForURL(`${baseUrl}/generate_book/list?id=${album.id}`)
    await listRows(page).filter({ hasText: 'The Moon and the Cat' }).waitFor()
    expect(await listRows(page).count()).toBe(2)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('refuses with 空间不足 when the picked files do not fit, and 去扩容 opens /space_upgrade', async () => {
    const phone = await openApp()
    const { page, baseUrl } = phone
    await grant(phone)
    const album = await makeFolder(phone, 0, 1, '空间不足测试')
    // The demo user has a gigabyte free: the capacity reply says the disk is full (the real reply, one field changed).
    await page.route('**/v1/user/myCapacity', async (route) => {
      const reply = await route.fetch()
      const body = (await reply.json()) as { data: { total: number; used: number } }
      await route.fulfill({ response: reply, json: { ...body, data: { ...body.data, used: body.data.total } } })
    })
    await page.goto(`${baseUrl}/self_service_baidu?from=generate_book&albumId=${album.id}&supportSuffix=pdf`)

    // Step: pick a PDF and import: 空间不足, nothing sent.
    let posted = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/v1/cloudDrive/import')) posted++
    })
    await page.getByRole('checkbox', { name: 'Rainbow Garden.pdf' }).check()
    await page.getByRole('button', { name: '导入' }).click()
    const dialog = page.getByRole('dialog', { name: '空间不足' })
    await dialog.waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-no-capacity')
    await expectAccessible(page, 'cloud drive: 空间不足')
    expect(posted).toBe(0)

    // Step: 去扩容 opens the space page.
    await dialog.getByRole('button', { name: '去扩容' }).click()
    await page.waitForURL(`${baseUrl}/space_upgrade`)
    await page.getByRole('progressbar').first().waitFor()
    await phone.context.close()
  })

  it('returns to the authorize step with its toast when the grant expires, and goes on after authorizing again', async () => {
    const phone = await openApp()
    const { page, baseUrl } = phone
    await grant(phone)
    const album = await makeFolder(phone, 0, 1, '授权过期测试')
    await page.goto(`${baseUrl}/self_service_baidu?from=generate_book&albumId=${album.id}&supportSuffix=pdf`)
    await page.getByRole('button', { name: ENGLISH, exact: true }).waitFor()

    // Step: the grant expires (the fake host panel's 网盘授权过期); the next listing says so.
    await api(phone, 'POST', '/v1/dev/cloudDrive/expire', {})
    await page.getByRole('button', { name: ENGLISH, exact: true }).click()
    await page.getByRole('alert').filter({ hasText: '百度网盘授权已过期，请重新授权' }).waitFor()
    await page.getByRole('button', { name: '授权百度网盘' }).waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-expired')

    // Step: authorize again: the drive shows.
    await page.getByRole('button', { name: '授权百度网盘' }).click()
    await list(page).waitFor()
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('pages through the folder of 1,000 files as it scrolls, each file once, in order', async () => {
    const phone = await openApp()
    const { page, baseUrl } = phone
    await grant(phone)
    const album = await makeFolder(phone, 0, 1, '分页测试')
    const asked: number[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/v1/cloudDrive/files' && url.searchParams.get('dir') === `/${THOUSAND}`)
        asked.push(Number(url.searchParams.get('start')))
    })
    await page.goto(`${baseUrl}/self_service_baidu?from=generate_book&albumId=${album.id}&supportSuffix=pdf`)
    await page.getByRole('button', { name: THOUSAND, exact: true }).click()

    // Step: the first 100 arrive; scrolling to the end brings the next page, until all 1,000 are there.
    const rows = list(page).getByRole('listitem')
    await expect.poll(() => rows.count()).toBe(100)
    await settle(page)
    await phone.shot('cloud-drive-app-thousand')
    for (let round = 0; round < 20 && (await rows.count()) < 1000; round++) {
      await rows.last().scrollIntoViewIfNeeded()
      await page.waitForTimeout(150)
    }
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1000)
    expect(asked).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900])
    const names = await list(page)
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => b.getAttribute('aria-label')))
    expect(names).toEqual(Array.from({ length: 1000 }, (_, i) => `Book ${String(i + 1).padStart(4, '0')}.pdf`))
    expect(await page.getByRole('button', { name: '加载更多' }).count()).toBe(0)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('recovers from a failed listing with 重试, and shows hostile rows without breaking', async () => {
    const phone = await openApp()
    const { page, baseUrl } = phone
    await grant(phone)
    const huge = `${'一个非常非常长的绘本文件名'.repeat(40)}.pdf`
    let replies = 0
    await page.route('**/v1/cloudDrive/files?**', async (route) => {
      replies++
      // Step (server side): the first listing never arrives; the next is hostile: nulls, wrong types, a huge name, a non-PDF.
      if (replies === 1) return route.abort('connectionreset')
      const items = [
        null,
        { fsId: 'f-huge', name: huge, isDir: false, size: null, mtime: null },
        { fsId: 'f-odd', name: 'Odd Sizes.pdf', isDir: 'yes', size: 'big', mtime: 'yesterday' },
        { fsId: 'f-mp3', name: 'song.mp3', isDir: false, size: 10, mtime: '2025-03-01T10:00:00' },
        { fsId: null, name: 'no id.pdf', isDir: false, size: 1, mtime: '2025-03-01T10:00:00' },
        { fsId: 'd-deep', name: `${'很深的文件夹'.repeat(20)}`, isDir: true, size: 0, mtime: '2025-03-01T10:00:00' },
      ]
      await route.fulfill({ json: { result: 'SUCCESS', msg: '', data: { dir: '/', parent: null, items, hasMore: null } } })
    })
    await page.goto(`${baseUrl}/self_service_baidu?from=generate_book&albumId=1&supportSuffix=pdf`)

    // Step: the failed listing shows its message and 重试, which works.
    await page.getByText('网络错误，请检查您的网络连接').first().waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-list-failed')
    await page.getByRole('button', { name: '重试' }).click()

    // Step: the hostile rows: shown, the huge name cut to one line, the broken ones left out.
    await page.getByRole('checkbox', { name: huge }).waitFor()
    await page.getByRole('checkbox', { name: 'Odd Sizes.pdf' }).waitFor()
    expect(await list(page).getByText('song.mp3').count()).toBe(0)
    expect(await list(page).getByText('no id.pdf').count()).toBe(0)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
    await settle(page)
    await phone.shot('cloud-drive-app-hostile-rows')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shows an empty folder as 此文件夹中没有PDF文件, and a bad link as such', async () => {
    const phone = await openApp()
    const { page, baseUrl } = phone
    await grant(phone)
    await page.goto(`${baseUrl}/self_service_baidu?from=generate_book&albumId=1&supportSuffix=pdf`)
    await page.getByRole('button', { name: '空文件夹', exact: true }).click()
    await page.getByText('此文件夹中没有PDF文件').waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-empty')
    await expectAccessible(page, 'cloud drive: empty folder')

    // Step: a link with both targets explains itself instead of loading.
    await page.goto(`${baseUrl}/self_service_baidu?albumId=1&parentId=2`)
    await page.getByRole('heading', { name: '链接参数有误' }).waitFor()
    await settle(page)
    await phone.shot('cloud-drive-app-bad-link')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})

describe('cloud-drive import outside the app', () => {
  it.each([
    ['albumId', `?from=generate_book&albumId=${1}&supportSuffix=pdf`],
    ['parentId', `?from=generate_book&parentId=${0}&supportSuffix=pdf`],
  ])('shows the open-in-app screen in %s mode before any request, with no 重试', async (mode, search) => {
    const phone = await openPhone('browser')
    const { page, baseUrl } = phone
    const apiCalls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/')) apiCalls.push(request.url())
    })
    // Step: a shared or copied link opened in a phone browser.
    await page.goto(`${baseUrl}/self_service_baidu${search}`)
    await page.getByRole('heading', { name: '请在App内打开' }).waitFor()
    await page.getByText('登录App后即可查看和管理').waitFor()
    expect(await page.getByRole('button', { name: '打开App' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: '下载App' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: '重试' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: '授权百度网盘' }).count()).toBe(0)
    await page.waitForTimeout(500) // a request the page would send after mounting has been sent by now
    expect(apiCalls).toEqual([])
    expect(await page.title()).toBe('百度网盘')
    await settle(page)
    await phone.shot(`cloud-drive-browser-open-in-app-${mode}`)
    await expectAccessible(page, `cloud drive: open-in-app screen (${mode})`)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})
