import { describe, expect, it } from 'vitest'
import { DEMO_FIRST_BOOK_ID, DEMO_FOLDERS } from '../../server/seed/demo'
import { BASIC, envelope, folderOf, setupServer } from './helpers/test-app'

const server = setupServer()
const update = (body: Record<string, unknown>) => server.post('/v1/bookCreation/update', body)

describe('POST /v1/bookCreation/update', () => {
  it('changes the fields given and keeps the others', async () => {
    const res = await update({ id: DEMO_FOLDERS.natureBooks, title: ' 自然百科 ', tags: ['科普'], rootId: 1 })
    expect(res.statusCode).toBe(200)
    expect(folderOf(res)).toMatchObject({
      id: DEMO_FOLDERS.natureBooks,
      title: '自然百科',
      tags: ['科普'],
      rootId: 1,
      rootTitle: '英语绘本',
      intro: '认识树木、太阳、月亮和大海。',
      ages: ['5', '8'],
      childCnt: 3,
      parentType: 2,
    })
    expect((await server.folder(DEMO_FOLDERS.natureBooks)).title).toBe('自然百科')
  })

  it('accepts the whole form again, with the same parent and type', async () => {
    const res = await update({
      id: DEMO_FOLDERS.emptyFolder,
      parentId: DEMO_FOLDERS.collection,
      type: 1,
      title: '新名字',
      intro: '新的简介',
      imageUrl: 'https://cdn.example.com/c.png',
      rootId: 2,
      ages: ['4'],
      tags: [],
    })
    expect(folderOf(res)).toMatchObject({
      title: '新名字',
      intro: '新的简介',
      imageUrl: 'https://cdn.example.com/c.png',
      rootTitle: '自然拼读',
    })
  })

  it('submits with { id, status: 1 }', async () => {
    const res = await update({ id: DEMO_FOLDERS.natureBooks, status: 1 })
    expect(folderOf(res)).toMatchObject({ status: 1, title: '自然与科学' })
  })

  it('stamps the update time', async () => {
    const before = (await server.folder(DEMO_FOLDERS.natureBooks)).updateTime
    const after = folderOf(await update({ id: DEMO_FOLDERS.natureBooks, status: 1 })).updateTime
    expect(after > before).toBe(true)
  })

  it('refuses to change the type', async () => {
    const res = await update({ id: DEMO_FOLDERS.emptyFolder, type: 2 })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('不能修改类型')
  })

  it('refuses to change the parent', async () => {
    const res = await update({ id: DEMO_FOLDERS.emptyFolder, parentId: 0 })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('不能通过编辑修改所在文件夹')
  })

  it('refuses a title over 30 characters and changes nothing', async () => {
    const res = await update({ id: DEMO_FIRST_BOOK_ID, title: 'x'.repeat(31), intro: 'changed' })
    expect(res.statusCode).toBe(400)
    const book = (await server.folder(DEMO_FOLDERS.starterBooks)).items[0]
    expect(book).toMatchObject({ title: 'Mimi the Cat', intro: '小猫咪咪的一天。' })
  })

  it.each([
    [{ id: DEMO_FIRST_BOOK_ID, status: 2 }, '参数 status 取值无效'],
    [{ id: '100' }, '参数 id 应为整数'],
    [{ title: 'x' }, '缺少参数 id'],
    [{ id: DEMO_FIRST_BOOK_ID, intro: 5 }, '参数 intro 应为字符串或null'],
  ])('refuses %j with a Chinese 400', async (body, msg) => {
    const res = await update(body)
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe(msg)
  })

  it("answers another user's item with 404", async () => {
    const res = await update({ id: DEMO_FOLDERS.basicFolder, title: 'mine now' })
    expect(res.statusCode).toBe(404)
    expect(envelope(res)).toEqual({ result: 'NOT_FOUND', data: null, msg: '该内容不存在或已被删除' })
  })

  it('answers the root and unknown ids with 404', async () => {
    expect((await update({ id: 0, title: 'root' })).statusCode).toBe(404)
    expect((await update({ id: 424242, title: 'x' })).statusCode).toBe(404)
  })
})

const childIds = async (id: number) => (await server.folder(id)).items.map((f) => f.id)
const used = async () => envelope<{ used: number }>(await server.get('/v1/user/myCapacity')).data.used

describe('POST /v1/bookCreation/delete', () => {
  it('deletes a folder with everything inside and frees its space', async () => {
    const collection = await server.folder(DEMO_FOLDERS.collection)
    const usedBefore = await used()
    const res = await server.post('/v1/bookCreation/delete', { id: DEMO_FOLDERS.collection })
    expect(res.statusCode).toBe(200)
    expect(envelope(res)).toEqual({ result: 'SUCCESS', data: null, msg: '请求成功' })
    expect(await used()).toBeCloseTo(usedBefore - collection.fileSizeMb, 2)
    expect(await childIds(0)).toEqual([DEMO_FOLDERS.bedtime])
    for (const id of [DEMO_FOLDERS.collection, DEMO_FOLDERS.starterBooks, DEMO_FIRST_BOOK_ID]) {
      expect((await server.get(`/v1/directory/${id}`)).statusCode).toBe(404)
    }
  })

  it("deletes one book and lowers its folder's count", async () => {
    await server.post('/v1/bookCreation/delete', { id: DEMO_FIRST_BOOK_ID })
    const starter = await server.folder(DEMO_FOLDERS.starterBooks)
    expect(starter.childCnt).toBe(11)
    expect(starter.items.map((b) => b.id)).not.toContain(DEMO_FIRST_BOOK_ID)
  })

  it("answers another user's folder with 404 and deletes nothing", async () => {
    const res = await server.post('/v1/bookCreation/delete', { id: DEMO_FOLDERS.basicFolder })
    expect(res.statusCode).toBe(404)
    expect((await server.folder(DEMO_FOLDERS.basicFolder, BASIC)).childCnt).toBe(2)
  })

  it('refuses to delete the root', async () => {
    const res = await server.post('/v1/bookCreation/delete', { id: 0 })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('不能删除根目录')
  })

  it('refuses a missing id with a Chinese 400', async () => {
    const res = await server.post('/v1/bookCreation/delete', {})
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('缺少参数 id')
  })
})

describe('POST /v1/bookCreation/move', () => {
  it("saves a new order of a folder's children", async () => {
    const ids = (await childIds(DEMO_FOLDERS.starterBooks)).reverse()
    const res = await server.post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids })
    expect(res.statusCode).toBe(200)
    expect(envelope(res).data).toBeNull()
    expect(await childIds(DEMO_FOLDERS.starterBooks)).toEqual(ids)
  })

  it('reorders the root', async () => {
    await server.post('/v1/bookCreation/move', { parentId: 0, ids: [DEMO_FOLDERS.bedtime, DEMO_FOLDERS.collection] })
    expect(await childIds(0)).toEqual([DEMO_FOLDERS.bedtime, DEMO_FOLDERS.collection])
  })

  it('accepts an empty list for an empty folder', async () => {
    const res = await server.post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.emptyFolder, ids: [] })
    expect(res.statusCode).toBe(200)
  })

  describe('when the ids are not exactly the current children', () => {
    const cases: [string, (ids: number[]) => number[], string][] = [
      ['one is missing', (ids) => ids.slice(1), '排序列表与当前内容不一致，请刷新后重试'],
      ['one is extra', (ids) => [...ids, DEMO_FOLDERS.bedtime], '排序列表与当前内容不一致，请刷新后重试'],
      ['one belongs to another user', (ids) => [...ids.slice(1), 120], '排序列表与当前内容不一致，请刷新后重试'],
      ['one is repeated', (ids) => [ids[1]!, ...ids.slice(1)], '排序列表中有重复的内容'],
    ]
    it.each(cases)('answers 400 when %s and changes nothing', async (_, mutate, msg) => {
      const before = await childIds(DEMO_FOLDERS.starterBooks)
      const res = await server.post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.starterBooks, ids: mutate([...before].reverse()) })
      expect(res.statusCode).toBe(400)
      expect(envelope(res).msg).toBe(msg)
      expect(await childIds(DEMO_FOLDERS.starterBooks)).toEqual(before)
    })
  })

  it("answers another user's folder with 404", async () => {
    const res = await server.post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.basicFolder, ids: [120, 121] })
    expect(res.statusCode).toBe(404)
    expect(envelope(res).msg).toBe('文件夹不存在')
  })

  it.each([
    [{ parentId: DEMO_FOLDERS.starterBooks }, '缺少参数 ids'],
    [{ parentId: DEMO_FOLDERS.starterBooks, ids: '100,101' }, '参数 ids 应为数组'],
    [{ parentId: DEMO_FOLDERS.starterBooks, ids: [100, 'x'] }, '参数 ids[1] 应为整数'],
  ])('refuses %j with a Chinese 400', async (body, msg) => {
    const res = await server.post('/v1/bookCreation/move', body)
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe(msg)
  })
})
