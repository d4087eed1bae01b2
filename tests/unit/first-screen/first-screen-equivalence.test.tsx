/**
 * One source of truth for each page's first screen (issue 31): the HTML's head script draws it from
 * the early replies with the page's own components, and React's first commit must put back exactly the
 * same DOM (else the takeover flashes or shifts). Every page whose build draws a first screen (the
 * manifest says which: support/built-screens.ts), in its fixtures, hostile replies included (nulls,
 * wrong types, HTML and script in texts, javascript: URLs, huge strings), is drawn both ways from the
 * same replies and compared: before React by the very script the build wrote into its HTML (issue 41:
 * the production path, `react` aliased and the handlers stripped), then by React. A page the build
 * draws without cases here fails.
 */
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MountedPage } from '@shared/app/define-page'
import type { Shown } from '@shared/first-screen/define'
import { getBookCreationOptions } from '@shared/api/get-book-creation-options'
import { getCloudDriveFiles } from '@shared/api/get-cloud-drive-files'
import { getCloudDriveStatus } from '@shared/api/get-cloud-drive-status'
import { getDirectory } from '@shared/api/get-directory'
import { getGoodsSpaces } from '@shared/api/get-goods-spaces'
import { getGoodsVips } from '@shared/api/get-goods-vips'
import { getVipInfo } from '@shared/api/get-vip-info'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { getShare } from '@shared/api/get-share'
import { removeHost } from '../bridge/fake-host'
import { drawBeforeReact, drawWithReact, open, serialize, unsafeBits, type Case, type Reply } from './support/both-paths'
import { builtScreens } from './support/built-screens'

// The element each page's main.tsx mounts, as the prerender's collector takes it.
const mounted = vi.hoisted(() => ({ element: null as ReactElement | null }))
// As mountPage mounts it: the page under its title, a signed-in page inside the open-in-app gate (page-tree.tsx).
vi.mock('@shared/app/mount-page', async () => {
  const { pageTree } = await import('@shared/app/page-tree')
  return { mountPage: (page: MountedPage, element: ReactElement) => void (mounted.element = pageTree(page, element)) }
})
// What the page asks after its first commit (a kept reply asked again, the rest of a form) waits: only the
// first commit is compared, and nothing leaves the test (happy-dom would send it to localhost:3000). Before
// any import: axios takes `fetch` when it loads.
vi.hoisted(() => {
  globalThis.fetch = () => new Promise(() => {})
})
// The share viewer's chunk is never in at a first open's first commit; once one case of this file loaded it,
// the module would keep it for the next (React would draw the viewer): it stays on its way here.
vi.mock('@shared/recorded-work/recorded-work-page/use-viewer-module', () => ({
  preloadViewer: () => new Promise(() => {}),
  useViewerModule: () => null,
}))

afterEach(() => {
  removeHost()
  document.body.replaceChildren()
})

/** The pages whose build draws a first screen, with the script it wrote (dist/). */
const SCREENS = new Map(builtScreens().map((screen) => [screen.route, screen.script]))
/** The routes this file has cases for. */
const COVERED = new Set<string>()

describe('the pages whose build draws a first screen (dist/pages-manifest.json)', () => {
  it.each([...SCREENS.keys()])('/%s has its cases here', (route) => {
    expect(COVERED.has(route), `/${route} draws a first screen, and this file has no cases for it`).toBe(true)
  })
})

interface PageUnderTest {
  route: string
  script: string
  element: ReactElement
}

const loaded = new Map<string, Promise<PageUnderTest>>()

/** The page's built first-screen script and mounted element (its main.tsx runs once). */
function load(route: string): Promise<PageUnderTest> {
  if (!loaded.has(route)) loaded.set(route, loadOnce(route))
  return loaded.get(route)!
}

async function loadOnce(route: string): Promise<PageUnderTest> {
  const script = SCREENS.get(route)
  if (script === undefined) throw new Error(`the build draws no first screen for /${route}`)
  mounted.element = null
  const folder = `../../../pages/${route}`
  await import(`${folder}/main.tsx`)
  if (!mounted.element) throw new Error(`pages/${route}/main.tsx mounted nothing`)
  return { route, script, element: mounted.element }
}

/**
 * Draws `c` both ways and expects the same DOM and title. Returns the head script's DOM (null when it
 * drew nothing: then React's first render must be the loading frame, which the head script leaves).
 * A painter that failed (it then draws nothing too) fails the case: it must draw what React draws.
 */
async function expectSameBothWays(p: PageUnderTest, c: Case, shown?: Shown): Promise<HTMLElement | null> {
  await open(c)
  const before = drawBeforeReact(p.script, shown)
  expect(before.problems).toEqual([])
  await open(c)
  const react = drawWithReact(p.element)
  if (!before.root) return null
  expect(unsafeBits(before.root)).toEqual([])
  expect(serialize(before.root, { dropPending: true })).toBe(react.html)
  if (before.title !== null) expect(before.title).toBe(react.title)
  return before.root
}

const HOSTILE_TEXT = '<img src=x onerror=alert(1)><script>alert(2)</script>&amp;"\'' + '长'.repeat(5000)

/** A reply of the API's envelope: `data` with 200, else the server's failure. */
const envelope = (data: unknown, status = 200) =>
  status === 200 ? { result: 'SUCCESS', data } : { result: 'ERROR', msg: '服务器开小差了' }

const share = (r: string, data: unknown, status = 200): Reply => ({ request: getShare.request(r), status, body: envelope(data, status) })

/** Draws every case both ways; `check` looks at what the head script drew (null: nothing). */
function expectEveryCase(route: string, cases: [string, Case][], check?: (drawn: HTMLElement | null, name: string) => void) {
  COVERED.add(route)
  it.each(cases)('draws the same DOM both ways for %s', async (name, c) => {
    const drawn = await expectSameBothWays(await load(route), c)
    check?.(drawn, name)
  })
}

const BOOK = {
  title: "Mimi's Sunny Day",
  intro: '小猫咪咪的快乐一天',
  imageUrl: '/media/book/cover.svg',
  tags: ['动物', '日常生活'],
  userInviter: { nickName: '小米妈妈', inviterCode: 'MIMI2024' },
  items: [
    {
      imageUrl: '/media/book/p1.svg',
      mediaUrl: '/media/book/p1.mp3',
      sentences: [
        { en: 'Good morning, Sun!', startTimeMs: 0, endTimeMs: 1200, audioRecord: { mediaUrl: '/r1.mp3', suggestedScore: 92 } },
        { en: 'The sun is up.', audioRecord: { mediaUrl: '/r2.mp3', suggestedScore: 61 } },
      ],
    },
    { contentEn: 'Mimi is a little cat.', mediaUrl: '/media/book/p2.mp3' },
  ],
}

const WORDS = {
  title: '看图学单词',
  userInviter: { nickName: '乐乐爸爸' },
  words: [
    {
      wordEn: 'apple',
      wordCn: '苹果',
      ukPronunciation: 'ˈæpl',
      imageUrl: '/media/words/apple.svg',
      audioRecord: { mediaUrl: '/a.mp3', suggestedScore: 85 },
    },
    { wordEn: 'cat', wordCn: '猫', usMediaUrl: '/cat-us.mp3' },
  ],
}

/** Every field of a share gone wrong at once. */
const HOSTILE_SHARE = {
  title: HOSTILE_TEXT,
  intro: { toString: 'not a string' },
  imageUrl: 'javascript:alert(1)',
  tags: ['<b>bold</b>', null, 42, { x: 1 }, ''.padEnd(3000, 'x')],
  userInviter: { nickName: '<script>alert(3)</script>', inviterCode: 12345 },
  items: [
    null,
    'a string',
    {
      imageUrl: 'data:text/html,<script>',
      sentences: [{ en: HOSTILE_TEXT, audioRecord: { mediaUrl: 'javascript:x', suggestedScore: 'NaN' } }],
    },
    { contentEn: 42, mediaUrl: ' /media/ok.mp3 ', audioRecord: { suggestedScore: 1e9, mediaUrl: '/r.mp3' } },
  ],
  words: 'not a list',
  categories: [8, '8'],
}

describe.each(['recorded_share', 'word_share'])('/%s: the cover before React and React’s first commit', (route) => {
  COVERED.add(route)
  const cases: [string, Case][] = [
    ['a picture book in a phone browser', { url: `/${route}?r=demo-book`, fixture: 'browser', replies: [share('demo-book', BOOK)] }],
    ['a word list in the app', { url: `/${route}?r=demo-words`, fixture: 'app', replies: [share('demo-words', WORDS)] }],
    [
      'a title and the back button from the link',
      {
        url: `/${route}?r=demo-book&title=${encodeURIComponent('<i>我的</i>')}&isNeedBackWeb=1`,
        fixture: 'app',
        replies: [share('demo-book', BOOK)],
      },
    ],
    [
      'a reply kept from the last open',
      { url: `/${route}?r=demo-book`, fixture: 'browser', replies: [{ ...share('demo-book', BOOK), kept: true }] },
    ],
    ['a hostile reply', { url: `/${route}?r=bad`, fixture: 'browser', replies: [share('bad', HOSTILE_SHARE)] }],
    ['a reply whose data is null', { url: `/${route}?r=empty`, fixture: 'browser', replies: [share('empty', null)] }],
    ['a reply whose data is a list', { url: `/${route}?r=list`, fixture: 'app', replies: [share('list', [1, 2, 3])] }],
  ]

  it.each(cases)('draws the same DOM both ways for %s', async (_, c) => {
    const p = await load(route)
    const drawn = await expectSameBothWays(p, c)
    // The start button is there before React, waiting for it.
    const start = [...drawn!.querySelectorAll('button')].find((b) => b.textContent.startsWith('开始欣赏《'))
    expect(start?.getAttribute('aria-disabled')).toBe('true')
  })

  it('shows hostile text as text, never as markup', async () => {
    const p = await load(route)
    const drawn = await expectSameBothWays(p, { url: `/${route}?r=bad`, fixture: 'browser', replies: [share('bad', HOSTILE_SHARE)] })
    expect(drawn!.querySelector('h2')!.textContent).toBe(HOSTILE_TEXT.slice(0, 2000))
    // The picture's javascript: and data: URLs are dropped: no picture in the cover's box.
    expect(drawn!.querySelector('main img')).toBeNull()
  })

  it('leaves the HTML’s frame before the share is in, or for a failed or missing share (React draws its own view)', async () => {
    const p = await load(route)
    const onItsWay = { ...share('demo-book', BOOK), pending: true }
    expect(await expectSameBothWays(p, { url: `/${route}?r=demo-book`, fixture: 'browser', replies: [onItsWay] })).toBeNull()
    expect(await expectSameBothWays(p, { url: `/${route}?r=gone`, fixture: 'browser', replies: [share('gone', null, 404)] })).toBeNull()
    expect(await expectSameBothWays(p, { url: `/${route}`, fixture: 'browser', replies: [] })).toBeNull()
  })

  // The guard leaves the HTML's frame out of a link with its own title or back button (scripts/build/prerender/decide.ts).
  it.each([
    ['with a title and the back button, in the app', `title=${encodeURIComponent('<i>我的</i>')}&isNeedBackWeb=1`, 'app'],
    ['with a title, in a phone browser', `title=${encodeURIComponent('宝贝的朗读')}`, 'browser'],
  ] as const)('draws the loading frame where the HTML’s frame was left out: %s', async (_, extra, fixture) => {
    const p = await load(route)
    const onItsWay = { ...share('demo-book', BOOK), pending: true }
    const url = `/${route}?r=demo-book&${extra}`
    const drawn = await expectSameBothWays(p, { url, fixture, replies: [onItsWay] }, { frame: false })
    expect(drawn!.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('加载中')
    expect(drawn!.querySelector('header')?.textContent).toContain(new URLSearchParams(extra).get('title'))
    // A share that failed waits for React under the same frame (React then draws the error view).
    const failed = await expectSameBothWays(p, { url, fixture, replies: [share('demo-book', null, 500)] }, { frame: false })
    expect(failed).not.toBeNull()
  })
})

describe('/space_upgrade: capacity and goods before React and React’s first commit', () => {
  const capacity = (data: unknown, status = 200): Reply => ({ request: getMyCapacity.request(), status, body: envelope(data, status) })
  const goods = (data: unknown, status = 200): Reply => ({ request: getGoodsSpaces.request(), status, body: envelope(data, status) })
  const GOODS = [
    { id: 11, name: '10GB空间', capacity: 10240, money: 990 },
    { id: 12, name: '50GB 空间包', capacity: 51200, money: 3000 },
    { id: 13, name: '100GB空间', capacity: 102400, money: 5000 },
    { id: 14, name: '1TB空间', capacity: 1048576, money: 19900 },
  ]
  const HOSTILE_GOODS = [
    { id: 1, name: HOSTILE_TEXT, capacity: -5, money: 'free' },
    { id: '2', name: 'no numeric id' },
    null,
    { id: 3, name: null, capacity: 'big', money: Number.NaN },
    { id: 4, name: { html: '<b>' }, capacity: 1e15, money: 1e12 },
  ]
  const url = '/space_upgrade'
  expectEveryCase('space_upgrade', [
    ['both replies in, in the app', { url, fixture: 'app', replies: [capacity({ used: 1536, total: 5120 }), goods(GOODS)] }],
    [
      'the capacity alone in (the goods on their way)',
      { url, fixture: 'app', replies: [capacity({ used: 1, total: 2 }), { ...goods(GOODS), pending: true }] },
    ],
    ['the goods alone in', { url, fixture: 'app', replies: [{ ...capacity({}), pending: true }, goods(GOODS)] }],
    ['a full disk and no goods on sale', { url, fixture: 'app', replies: [capacity({ used: 9000, total: 5120 }), goods([])] }],
    ['hostile replies', { url, fixture: 'app', replies: [capacity({ used: '<b>1</b>', total: null }), goods(HOSTILE_GOODS)] }],
    ['replies that are not objects', { url, fixture: 'app', replies: [capacity('x'), goods({ not: 'a list' })] }],
    [
      'the goods failing (their view waits for React)',
      { url, fixture: 'app', replies: [capacity({ used: 5, total: 10 }), goods(null, 500)] },
    ],
    ['a phone browser (the open-in-app screen)', { url, fixture: 'browser', replies: [capacity({ used: 5, total: 10 }), goods(GOODS)] }],
  ])
})

describe('/generate_book/list: the folder before React and React’s first commit', () => {
  const folder = (id: number, data: unknown, status = 200): Reply => ({
    request: getDirectory.request(id),
    status,
    body: envelope(data, status),
  })
  const book = (id: number, title: string) => ({
    id,
    title,
    type: 0,
    imageUrl: `/media/covers/${id}.svg`,
    updateTime: '2026-11-02T09:30:00',
    childCnt: 0,
  })
  const STARTER = {
    id: 11,
    title: '启蒙绘本 第一辑',
    type: 1,
    parentId: 0,
    parentType: 0,
    rootId: 3,
    rootTitle: '启蒙',
    ages: ['3', '6'],
    tags: ['动物', '日常'],
    intro: '12 本适合 3-6 岁孩子的英语启蒙绘本',
    imageUrl: '/media/covers/collection.svg',
    items: Array.from({ length: 12 }, (_, i) => book(100 + i, `Book ${i + 1}`)),
  }
  const ROOT = {
    id: 0,
    items: [
      { id: 10, title: '英语绘本合集', type: 2, childCnt: 2 },
      { ...STARTER, items: [] },
    ],
  }
  const HOSTILE = {
    id: '11',
    title: HOSTILE_TEXT,
    type: 'folder',
    parentType: null,
    rootTitle: ['not', 'text'],
    ages: '3-6',
    tags: [null, '<i>x</i>', 7],
    intro: { a: 1 },
    imageUrl: 'javascript:alert(1)',
    items: [
      null,
      { id: 5, title: null, imageUrl: ' data:image/png;base64,AAAA', updateTime: 12 },
      { id: 5, title: 'duplicate id' },
      { title: 'no id' },
      book(6, HOSTILE_TEXT),
    ],
  }
  expectEveryCase('generate_book/list', [
    ['a type 1 folder of twelve books', { url: '/generate_book/list?id=11', fixture: 'app', replies: [folder(11, STARTER)] }],
    ['the index', { url: '/generate_book/list?id=0', fixture: 'app', replies: [folder(0, ROOT)] }],
    [
      'an empty folder under a collection',
      {
        url: '/generate_book/list?id=12',
        fixture: 'app',
        replies: [folder(12, { id: 12, title: '空', type: 1, parentType: 2, items: [] })],
      },
    ],
    ['a hostile folder', { url: '/generate_book/list?id=11', fixture: 'app', replies: [folder(11, HOSTILE)] }],
    [
      'a reply without a folder (the failure waits for React)',
      { url: '/generate_book/list?id=11', fixture: 'app', replies: [folder(11, null)] },
    ],
    ['a failed reply', { url: '/generate_book/list?id=11', fixture: 'app', replies: [folder(11, null, 500)] }],
    ['a phone browser (the open-in-app screen)', { url: '/generate_book/list?id=11', fixture: 'browser', replies: [folder(11, STARTER)] }],
  ])
})

describe('/vip_sale: the membership and plans before React and React’s first commit', () => {
  const plans = (data: unknown, status = 200): Reply => ({ request: getGoodsVips.request(), status, body: envelope(data, status) })
  const info = (data: unknown, status = 200): Reply => ({ request: getVipInfo.request(), status, body: envelope(data, status) })
  const PLANS = [
    { id: 1, name: '连续包月', months: 1, money: 1800, originalMoney: 2500, tag: '推荐' },
    { id: 2, name: '年卡', months: 12, money: 16800, originalMoney: 0, tag: '' },
    { id: 3, months: 0, money: 39800 },
  ]
  const HOSTILE_PLANS = [
    { id: 1, name: HOSTILE_TEXT, money: 100, originalMoney: 'lots', tag: '<b>hot</b>' },
    { id: 1, name: 'duplicate id', money: 5 },
    { id: 2.5, money: 1 },
    { id: 3, money: -1 },
    null,
    { id: 4, name: null, months: 'x', money: 0, tag: { a: 1 } },
  ]
  const url = '/vip_sale'
  expectEveryCase('vip_sale', [
    [
      'a member with an end date',
      { url, fixture: 'app', replies: [plans(PLANS), info({ isVip: true, expireTime: '2027-11-24T10:00:00' })] },
    ],
    ['not a member', { url, fixture: 'app', replies: [plans(PLANS), info({ isVip: false })] }],
    [
      'a permanent member (no plans, no buy bar)',
      { url, fixture: 'app', replies: [plans(PLANS), info({ isVip: true, isPermanentVip: true })] },
    ],
    ['hostile replies', { url, fixture: 'app', replies: [plans(HOSTILE_PLANS), info({ isVip: 'yes', expireTime: '<script>' })] }],
    ['nothing on sale (the failure view, with 重试)', { url, fixture: 'app', replies: [plans([]), info({ isVip: false })] }],
    ['a membership that is not an object', { url, fixture: 'app', replies: [plans(PLANS), info('member')] }],
    ['one reply still on its way (nothing drawn yet)', { url, fixture: 'app', replies: [plans(PLANS), { ...info({}), pending: true }] }],
    ['a failed reply', { url, fixture: 'app', replies: [plans(PLANS), info(null, 500)] }],
  ])
})

describe('/generate_book/create: the filled form before React and React’s first commit', () => {
  const options = (data: unknown, status = 200): Reply => ({
    request: getBookCreationOptions.request(),
    status,
    body: envelope(data, status),
  })
  const folder = (id: number, data: unknown, status = 200): Reply => ({
    request: getDirectory.request(id),
    status,
    body: envelope(data, status),
  })
  const OPTIONS = {
    categories: [
      { id: 3, name: '启蒙' },
      { id: 4, name: '进阶' },
    ],
    ages: ['3', '4', '5', '6'],
    tags: ['动物', '日常', '睡前故事'],
  }
  const FOLDER = {
    id: 11,
    title: '启蒙绘本 第一辑',
    type: 1,
    rootId: 3,
    rootTitle: '启蒙',
    ages: ['3', '6'],
    tags: ['动物'],
    intro: '12 本',
    imageUrl: '/media/covers/collection.svg',
  }
  const HOSTILE_OPTIONS = {
    categories: [{ id: '3', name: '<b>' }, null, { id: 5, name: HOSTILE_TEXT }, { id: 5, name: 'repeat' }],
    ages: [null, 7, ' 3 ', '3'],
    tags: 'nope',
  }
  const HOSTILE_FOLDER = {
    id: 11,
    title: HOSTILE_TEXT,
    rootId: 99,
    rootTitle: '<script>x</script>',
    ages: ['8', '2'],
    tags: ['不在选项里'],
    intro: { x: 1 },
    imageUrl: 'javascript:alert(1)',
  }
  expectEveryCase(
    'generate_book/create',
    [
      ['a new folder under a collection', { url: '/generate_book/create?parentId=10', fixture: 'app', replies: [options(OPTIONS)] }],
      ['a folder being edited', { url: '/generate_book/create?id=11', fixture: 'app', replies: [options(OPTIONS), folder(11, FOLDER)] }],
      [
        'an edit opened from a list',
        { url: '/generate_book/create?id=11&listId=0', fixture: 'app', replies: [options(OPTIONS), folder(11, FOLDER)] },
      ],
      [
        'hostile replies',
        { url: '/generate_book/create?id=11', fixture: 'app', replies: [options(HOSTILE_OPTIONS), folder(11, HOSTILE_FOLDER)] },
      ],
      ['options that are not an object', { url: '/generate_book/create', fixture: 'app', replies: [options([1, 2])] }],
      [
        'the folder still on its way (nothing drawn yet)',
        { url: '/generate_book/create?id=11', fixture: 'app', replies: [options(OPTIONS), { ...folder(11, FOLDER), pending: true }] },
      ],
      [
        'a folder that cannot be read',
        { url: '/generate_book/create?id=11', fixture: 'app', replies: [options(OPTIONS), folder(11, null)] },
      ],
      [
        'failed options (the form waits for React)',
        { url: '/generate_book/create?parentId=10', fixture: 'app', replies: [options(null, 500)] },
      ],
    ],
    (drawn, name) => {
      // The name field holds the folder's name before React (the bench's proof).
      if (name === 'a folder being edited') expect(drawn!.querySelector<HTMLInputElement>('#folder-title')!.value).toBe('启蒙绘本 第一辑')
    },
  )
})

describe('/self_service_baidu: the authorize step or the root listing before React and React’s first commit', () => {
  const status = (data: unknown, code = 200): Reply => ({
    request: getCloudDriveStatus.request(),
    status: code,
    body: envelope(data, code),
  })
  const root = (data: unknown, code = 200): Reply => ({
    request: getCloudDriveFiles.request({ dir: '/', suffix: 'pdf', start: 0, limit: 100 }),
    status: code,
    body: envelope(data, code),
  })
  const FILES = {
    dir: '/',
    parent: null,
    hasMore: true,
    items: [
      { fsId: 'd1', name: '绘本', isDir: true, size: 0, mtime: '2026-10-01T08:00:00' },
      { fsId: 'f1', name: 'The Cat.pdf', isDir: false, size: 2_400_000, mtime: '2026-10-02T09:30:00' },
      { fsId: 'f2', name: 'Sun.PDF', isDir: false, size: 15_000_000 },
    ],
  }
  const HOSTILE_FILES = {
    items: [
      null,
      { fsId: 7, name: HOSTILE_TEXT, isDir: 'yes', size: -1 },
      { fsId: 'x', name: '<img src=x onerror=alert(1)>.pdf', size: 'big' },
      { name: 'no id.pdf' },
    ],
    hasMore: 'no',
  }
  const album = '/self_service_baidu?from=generate_book&albumId=14&supportSuffix=pdf'
  const parent = '/self_service_baidu?from=generate_book&parentId=10&supportSuffix=pdf'
  expectEveryCase('self_service_baidu', [
    ['a drive not authorized yet', { url: album, fixture: 'app', replies: [status({ authorized: false, accountName: '' })] }],
    [
      'an authorized drive with its root listing',
      { url: album, fixture: 'app', replies: [status({ authorized: true, accountName: '小象妈妈' }), root(FILES)] },
    ],
    [
      'folders picked into a parent',
      { url: parent, fixture: 'app', replies: [status({ authorized: true, accountName: '' }), root(FILES)] },
    ],
    [
      'the listing still on its way',
      { url: album, fixture: 'app', replies: [status({ authorized: true, accountName: 'x' }), { ...root(FILES), pending: true }] },
    ],
    [
      'hostile replies',
      { url: album, fixture: 'app', replies: [status({ authorized: true, accountName: { name: '<b>' } }), root(HOSTILE_FILES)] },
    ],
    ['a status that is not an object', { url: album, fixture: 'app', replies: [status('yes')] }],
    ['a failed status (React checks)', { url: album, fixture: 'app', replies: [status(null, 500)] }],
    [
      'a link without a target (React says so)',
      { url: '/self_service_baidu?albumId=x', fixture: 'app', replies: [status({ authorized: true })] },
    ],
  ])
})
