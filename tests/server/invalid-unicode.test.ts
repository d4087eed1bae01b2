/**
 * Text the database would store changed (U+FFFD instead of what was sent) is refused with a Chinese
 * 400 instead, and nothing is written: invalid UTF-8 bytes in a JSON body, and lone surrogates
 * escaped in JSON or percent-encoded in the query.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer()

const postRaw = (url: string, payload: Buffer | string) =>
  server.inject({ method: 'POST', url, headers: { ...VIP, 'content-type': 'application/json' }, payload })

describe('a JSON body that is not valid UTF-8', () => {
  it('is refused and the folder keeps its name', async () => {
    const before = await server.folder(DEMO_FOLDERS.starterBooks)
    const body = Buffer.concat([
      Buffer.from(`{"id":${DEMO_FOLDERS.starterBooks},"title":"ab`),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ])
    const res = await postRaw('/v1/bookCreation/update', body)
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg: '请求体不是有效的 UTF-8 文本' })
    expect((await server.folder(DEMO_FOLDERS.starterBooks)).title).toBe(before.title)
  })

  it('is refused for an overlong encoding too', async () => {
    const body = Buffer.concat([Buffer.from('{"parentId":0,"type":1,"title":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])
    expect((await postRaw('/v1/bookCreation/add', body)).statusCode).toBe(400)
  })

  it('still accepts real Chinese and emoji', async () => {
    const res = await postRaw('/v1/bookCreation/update', JSON.stringify({ id: DEMO_FOLDERS.starterBooks, title: '绘本🐘' }))
    expect(res.statusCode).toBe(200)
    expect((await server.folder(DEMO_FOLDERS.starterBooks)).title).toBe('绘本🐘')
  })
})

describe('a lone surrogate', () => {
  it('escaped in a JSON string is refused, naming the field', async () => {
    const before = await server.folder(DEMO_FOLDERS.starterBooks)
    const res = await postRaw('/v1/bookCreation/update', `{"id":${DEMO_FOLDERS.starterBooks},"title":"a\\ud800b"}`)
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('参数 title 包含无效的 Unicode 字符')
    expect((await server.folder(DEMO_FOLDERS.starterBooks)).title).toBe(before.title)
  })

  it('in an array item is refused with its path', async () => {
    const res = await postRaw('/v1/bookCreation/update', `{"id":${DEMO_FOLDERS.starterBooks},"tags":["ok","\\udc00"]}`)
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('参数 tags[1] 包含无效的 Unicode 字符')
  })

  it('in the query is refused', async () => {
    const res = await server.inject({ method: 'GET', url: '/v1/share/uar?r=%ED%A0%80' })
    expect(res.statusCode).toBe(400)
  })
})

describe('a query escape that is not UTF-8', () => {
  it('is refused instead of being looked up as its raw text', async () => {
    const res = await server.inject({ method: 'GET', url: '/v1/share/uar?r=%FF%FE' })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('参数 查询参数 包含无效的 Unicode 字符')
  })
})
