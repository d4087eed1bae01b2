import { describe, expect, it } from 'vitest'
import { DEMO_FIRST_BOOK_ID, DEMO_FOLDERS, DEMO_USERS } from '../../server/seed/demo'
import type { LightMyRequestResponse } from 'fastify'
import type { FolderView } from '../../server/services/folder-view'
import { BASIC, envelope, setupServer } from './helpers/test-app'

const server = setupServer()
const directory = async (id: number | string, headers?: Record<string, string>) => server.get(`/v1/directory/${id}`, headers)
const folderOf = (res: LightMyRequestResponse) => envelope<FolderView>(res).data
const items = (f: FolderView) => f.items ?? []

describe('GET /v1/directory/0 (the root)', () => {
  it('is a synthetic type-2 folder 我的绘本 holding the top-level folders', async () => {
    const data = folderOf(await directory(0))
    expect(data).toMatchObject({ id: 0, title: '我的绘本', type: 2, parentId: 0, parentType: 0, userId: DEMO_USERS.vip.id })
    expect(items(data).map((f) => f.id)).toEqual([DEMO_FOLDERS.collection, DEMO_FOLDERS.bedtime])
    expect(data.childCnt).toBe(2)
    expect(items(data).every((f) => f.parentType === 0 && f.parentId === 0)).toBe(true)
  })

  it('shows each user only their own top-level folders', async () => {
    const data = folderOf(await directory(0, BASIC))
    expect(items(data).map((f) => f.id)).toEqual([DEMO_FOLDERS.basicFolder])
    expect(data.userId).toBe(DEMO_USERS.basic.id)
  })
})

describe('GET /v1/directory/{id}', () => {
  it('returns a folder with its children and their derived fields', async () => {
    const data = folderOf(await directory(DEMO_FOLDERS.collection))
    expect(data).toMatchObject({ id: DEMO_FOLDERS.collection, type: 2, parentType: 0, rootId: 1, rootTitle: '英语绘本', childCnt: 3 })
    expect(items(data).map((f) => f.id)).toEqual([DEMO_FOLDERS.starterBooks, DEMO_FOLDERS.natureBooks, DEMO_FOLDERS.emptyFolder])
    expect(items(data).every((f) => f.parentType === 2 && f.parentId === DEMO_FOLDERS.collection)).toBe(true)
    expect(items(data).map((f) => f.childCnt)).toEqual([12, 3, 0])
  })

  it('lists at least twelve books in the starter folder, each with a file size', async () => {
    const data = folderOf(await directory(DEMO_FOLDERS.starterBooks))
    expect(items(data).length).toBeGreaterThanOrEqual(12)
    expect(items(data).every((b) => b.type === 0 && b.parentType === 1 && b.fileSizeMb > 0)).toBe(true)
  })

  it('sums the sizes of everything inside a folder', async () => {
    const data = folderOf(await directory(DEMO_FOLDERS.collection))
    const sum = items(data).reduce((total, f) => total + f.fileSizeMb, 0)
    expect(data.fileSizeMb).toBeCloseTo(sum, 2)
    expect(data.needCapacityMb).toBe(data.fileSizeMb)
  })

  it('formats updateTime as YYYY-MM-DDTHH:mm:ss', async () => {
    const data = folderOf(await directory(DEMO_FOLDERS.starterBooks))
    for (const f of [data, ...items(data)]) expect(f.updateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/)
  })

  it('returns an empty folder with no items', async () => {
    const data = folderOf(await directory(DEMO_FOLDERS.emptyFolder))
    expect(data).toMatchObject({ childCnt: 0, items: [], type: 1, parentType: 2 })
  })

  it("answers another user's folder with 404, as if it did not exist", async () => {
    const res = await directory(DEMO_FOLDERS.basicFolder)
    expect(res.statusCode).toBe(404)
    expect(envelope(res)).toEqual({ result: 'NOT_FOUND', data: null, msg: '文件夹不存在' })
  })

  it('answers an unknown id with 404', async () => {
    const res = await directory(999_999)
    expect(res.statusCode).toBe(404)
    expect(envelope(res).msg).toBe('文件夹不存在')
  })

  it.each(['abc', '-1', '1.5', '99999999999', '01'])('answers the id %s with a Chinese 400', async (id) => {
    const res = await directory(id)
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg: '参数 id 格式不正确' })
  })
})

const add = (body: Record<string, unknown>, headers?: Record<string, string>) => server.post('/v1/bookCreation/add', body, headers)
const book = (extra: Record<string, unknown> = {}) => ({
  parentId: DEMO_FOLDERS.emptyFolder,
  type: 0,
  title: 'New Book',
  intro: '',
  imageUrl: '',
  rootId: 1,
  ages: ['3', '6'],
  tags: ['动物'],
  ...extra,
})

describe('POST /v1/bookCreation/add', () => {
  it('creates a book at the end of its folder and returns it', async () => {
    const res = await add(book({ parentId: DEMO_FOLDERS.starterBooks, intro: '简介', imageUrl: 'https://cdn.example.com/a.png' }))
    expect(res.statusCode).toBe(200)
    const data = folderOf(res)
    expect(data).toMatchObject({
      title: 'New Book',
      type: 0,
      parentId: DEMO_FOLDERS.starterBooks,
      parentType: 1,
      rootId: 1,
      rootTitle: '英语绘本',
      ages: ['3', '6'],
      tags: ['动物'],
      intro: '简介',
      imageUrl: 'https://cdn.example.com/a.png',
      childCnt: 0,
      status: 0,
      fileSizeMb: 0,
    })
    expect(data.id).toBeGreaterThanOrEqual(1000)
    const list = folderOf(await server.get(`/v1/directory/${DEMO_FOLDERS.starterBooks}`))
    expect(items(list).at(-1)?.id).toBe(data.id)
    expect(list.childCnt).toBe(13)
  })

  it('creates a type-1 folder at the root and a type-2 folder at the root', async () => {
    expect(folderOf(await add(book({ parentId: 0, type: 1 })))).toMatchObject({ parentId: 0, parentType: 0, type: 1 })
    expect(folderOf(await add(book({ parentId: 0, type: 2 })))).toMatchObject({ type: 2 })
  })

  it('creates a type-1 folder inside a type-2 folder', async () => {
    const res = await add(book({ parentId: DEMO_FOLDERS.collection, type: 1 }))
    expect(folderOf(res)).toMatchObject({ parentType: 2, type: 1 })
  })

  it.each([
    ['a book at the root', { parentId: 0, type: 0 }, '绘本只能放在绘本文件夹中'],
    ['a book in a type-2 folder', { parentId: DEMO_FOLDERS.collection, type: 0 }, '绘本只能放在绘本文件夹中'],
    ['a book inside a book', { parentId: DEMO_FIRST_BOOK_ID, type: 0 }, '绘本只能放在绘本文件夹中'],
    ['a type-1 folder in a type-1 folder', { parentId: DEMO_FOLDERS.emptyFolder, type: 1 }, '绘本文件夹只能放在根目录或合集文件夹中'],
    ['a type-2 folder in a type-2 folder', { parentId: DEMO_FOLDERS.collection, type: 2 }, '合集文件夹只能放在根目录'],
  ])('refuses %s', async (_, place, msg) => {
    const res = await add(book(place))
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg })
  })

  it('trims the title and counts emoji as one character each', async () => {
    const title = `  ${'👨‍👩‍👧'.repeat(30)}  `
    const data = folderOf(await add(book({ title })))
    expect(data.title).toBe('👨‍👩‍👧'.repeat(30))
  })

  it('refuses a title of 31 characters', async () => {
    const res = await add(book({ title: '书'.repeat(31) }))
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('名称不能超过30个字')
  })

  it('refuses a blank title', async () => {
    const res = await add(book({ title: '   ' }))
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('名称不能为空')
  })

  it('accepts an intro of 200 characters and refuses 201', async () => {
    expect((await add(book({ intro: '字'.repeat(200) }))).statusCode).toBe(200)
    const res = await add(book({ intro: '字'.repeat(201) }))
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('简介不能超过200个字')
  })

  it('treats null optional fields as empty', async () => {
    const data = folderOf(await add(book({ intro: null, imageUrl: null, rootId: null, ages: null, tags: null })))
    expect(data).toMatchObject({ intro: '', imageUrl: '', rootId: 0, rootTitle: '', ages: [], tags: [] })
  })

  it("gives a new item its parent's category when none is sent", async () => {
    const { rootId: _, ...withoutCategory } = book({ parentId: DEMO_FOLDERS.natureBooks })
    expect(folderOf(await add(withoutCategory))).toMatchObject({ rootId: 5, rootTitle: '科普百科' })
  })

  it('de-duplicates and trims tags', async () => {
    const data = folderOf(await add(book({ tags: [' 动物 ', '动物', '', '自然'] })))
    expect(data.tags).toEqual(['动物', '自然'])
  })

  it.each(['javascript:alert(1)', '//evil.example/x.png', 'data:image/png;base64,AAAA'])(
    'refuses the cover address %s',
    async (imageUrl) => {
      const res = await add(book({ imageUrl }))
      expect(res.statusCode).toBe(400)
      expect(envelope(res).msg).toBe('封面地址无效')
    },
  )

  it('refuses an unknown category', async () => {
    const res = await add(book({ rootId: 777 }))
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('分类不存在')
  })

  it.each([
    ['parentId', { parentId: undefined }, '缺少参数 parentId'],
    ['type', { type: undefined }, '缺少参数 type'],
    ['title', { title: undefined }, '缺少参数 title'],
  ])('refuses a body without %s', async (_, change, msg) => {
    const res = await add(book(change))
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe(msg)
  })

  it.each([
    [{ parentId: '11' }, '参数 parentId 应为整数'],
    [{ type: 3 }, '参数 type 取值无效'],
    [{ title: 123 }, '参数 title 应为字符串'],
    [{ ages: '3-6' }, '参数 ages 应为数组或null'],
    [{ tags: [1] }, '参数 tags[0] 应为字符串'],
    [{ rootId: 1.5 }, '参数 rootId 应为整数或null'],
    [{ parentId: -1 }, '参数 parentId 超出允许范围'],
  ])('refuses the wrong type %j with a Chinese message', async (change, msg) => {
    const res = await add(book(change))
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg })
  })

  it('answers an unknown parent with 404', async () => {
    const res = await add(book({ parentId: 999_999 }))
    expect(res.statusCode).toBe(404)
    expect(envelope(res).msg).toBe('上级文件夹不存在')
  })

  it("answers another user's parent with 404 and creates nothing there", async () => {
    const res = await add(book({ parentId: DEMO_FOLDERS.basicFolder }))
    expect(res.statusCode).toBe(404)
    expect(folderOf(await server.get(`/v1/directory/${DEMO_FOLDERS.basicFolder}`, BASIC)).childCnt).toBe(2)
  })

  it("stamps the parent's update time", async () => {
    const before = folderOf(await server.get(`/v1/directory/${DEMO_FOLDERS.emptyFolder}`)).updateTime
    await add(book())
    const after = folderOf(await server.get(`/v1/directory/${DEMO_FOLDERS.emptyFolder}`)).updateTime
    expect(after > before).toBe(true)
  })
})

describe('GET /v1/bookCreation/options', () => {
  it('lists the categories, ages and tags', async () => {
    const { data } = envelope<{ categories: unknown[]; ages: string[]; tags: string[] }>(await server.get('/v1/bookCreation/options'))
    expect(data.categories).toContainEqual({ id: 1, name: '英语绘本' })
    expect(data.ages.length).toBeGreaterThan(3)
    expect(data.tags).toContain('动物')
  })
})
