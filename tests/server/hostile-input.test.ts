/**
 * Hostile and odd input across the API: every case gets a 4xx with a Chinese `msg` in the
 * envelope (or succeeds where the input is valid), never a 500.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { DEMO_FOLDERS, DEMO_SHARES } from '../../server/seed/demo'
import { envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer()

const LONG = 'a'.repeat(100_000)
const HUGE_ID = 2 ** 63
const HTML = '<img src=x onerror=alert(1)>'
const HAS_CHINESE = /[\u4e00-\u9fff]/

const json = (url: string, payload: string, contentType = 'application/json'): InjectOptions => ({
  method: 'POST',
  url,
  headers: { ...VIP, 'content-type': contentType },
  payload,
})
const post = (url: string, body: unknown): InjectOptions => json(url, JSON.stringify(body))
const get = (url: string): InjectOptions => ({ method: 'GET', url, headers: VIP })

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf00000301010017d6aa8b0000000049454e44ae426082',
  'hex',
)
const BOUNDARY = '----kids-english-hostile'
/** POST /v1/upload with a raw multipart body (`parts` between the boundaries) and content type. */
const upload = (parts: (string | Buffer)[], contentType = `multipart/form-data; boundary=${BOUNDARY}`): InjectOptions => ({
  method: 'POST',
  url: '/v1/upload',
  headers: { ...VIP, 'content-type': contentType },
  payload: Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))),
})
const filePart = (filename: string, content: Buffer = PNG) => [
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  content,
  '\r\n',
]
const END = `--${BOUNDARY}--\r\n`

/** [what, request, the status it must get] */
const CASES: [what: string, request: InjectOptions, status: number][] = [
  // very long strings
  ['a 100k-character title', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: LONG }), 400],
  ['a 100k-character intro', post('/v1/bookCreation/update', { id: DEMO_FOLDERS.starterBooks, intro: LONG }), 400],
  ['a 100k-character tag', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: 't', tags: [LONG] }), 400],
  ['a 100k-character cover address', post('/v1/bookCreation/update', { id: DEMO_FOLDERS.starterBooks, imageUrl: LONG }), 400],
  ['a 100k-character share code', get(`/v1/share/uar?r=${LONG}`), 400],
  ['a 100k-digit folder id in the path', get(`/v1/directory/${'9'.repeat(100_000)}`), 404],
  // emoji and HTML are text like any other
  ['an emoji title', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: '📚🐱👨‍👩‍👧' }), 200],
  ['a tag that is no option', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: 't', tags: ['🎵'] }), 400],
  ['an emoji share code', get(`/v1/share/uar?r=${encodeURIComponent('📚')}`), 404],
  ['an HTML title', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: HTML }), 200],
  ['an HTML share code', get(`/v1/share/uar?r=${encodeURIComponent(HTML)}`), 404],
  ['a lone surrogate in a title', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: 'a\ud800b' }), 400],
  // numbers as strings
  ['a string id', post('/v1/bookCreation/delete', { id: String(DEMO_FOLDERS.starterBooks) }), 400],
  ['a string parentId', post('/v1/bookCreation/add', { parentId: '0', type: 1, title: 't' }), 400],
  ['string ids in a move', post('/v1/bookCreation/move', { parentId: 0, ids: ['1'] }), 400],
  ['a string type', post('/v1/bookCreation/add', { parentId: 0, type: '1', title: 't' }), 400],
  // negative, huge and fractional ids
  ['a negative id', post('/v1/bookCreation/delete', { id: -1 }), 400],
  ['a negative folder id in the path', get('/v1/directory/-1'), 400],
  ['an id of 2^63', post('/v1/bookCreation/delete', { id: HUGE_ID }), 400],
  ['an id of 2^63 written out', json('/v1/bookCreation/delete', '{"id": 9223372036854775808}'), 400],
  ['a parentId of 2^63', post('/v1/bookCreation/move', { parentId: HUGE_ID, ids: [] }), 400],
  ['an id of 2^63 in a move list', post('/v1/bookCreation/move', { parentId: 0, ids: [HUGE_ID] }), 400],
  ['a folder id of 2^63 in the path', get('/v1/directory/9223372036854775808'), 400],
  ['an id just over the integer column', post('/v1/bookCreation/delete', { id: 2 ** 31 }), 400],
  ['a rootId of 2^63', post('/v1/bookCreation/update', { id: DEMO_FOLDERS.starterBooks, rootId: HUGE_ID }), 400],
  ['a fractional id', post('/v1/bookCreation/delete', { id: 1.5 }), 400],
  ['a fractional folder id in the path', get('/v1/directory/1.5'), 400],
  ['an exponent id', json('/v1/bookCreation/delete', '{"id": 1e400}'), 400],
  ['a fractional status', post('/v1/bookCreation/update', { id: DEMO_FOLDERS.starterBooks, status: 0.5 }), 400],
  // arrays and other shapes where objects are expected
  ['an array body', post('/v1/bookCreation/add', [{ parentId: 0, type: 1, title: 't' }]), 400],
  ['an array body on delete', post('/v1/bookCreation/delete', [DEMO_FOLDERS.starterBooks]), 400],
  ['an array body on a claim', post('/v1/activity/vipGetFreeSpace', []), 400],
  ['a string body', post('/v1/bookCreation/update', 'hello'), 400],
  ['a number body', post('/v1/bookCreation/delete', 42), 400],
  ['an object for ids', post('/v1/bookCreation/move', { parentId: 0, ids: { 0: 1 } }), 400],
  ['an object for tags', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: 't', tags: { a: 'b' } }), 400],
  ['a null tag', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: 't', tags: [null] }), 400],
  ['an object title', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: { toString: 'x' } }), 400],
  ['a repeated share code', get('/v1/share/uar?r=a&r=b'), 400],
  ['a bracketed share code', get('/v1/share/uar?r[]=a'), 400],
  // null and missing bodies
  ['a null body on add', json('/v1/bookCreation/add', 'null'), 400],
  ['a null body on update', json('/v1/bookCreation/update', 'null'), 400],
  ['a null body on move', json('/v1/bookCreation/move', 'null'), 400],
  ['a null body on a claim', json('/v1/activity/vipGetFreeSpace', 'null'), 200],
  ['no body on delete', { method: 'POST', url: '/v1/bookCreation/delete', headers: VIP }, 400],
  // wrong content types
  ['a text/plain body', json('/v1/bookCreation/delete', '{"id": 1}', 'text/plain'), 400],
  ['a form body', json('/v1/bookCreation/delete', 'id=1', 'application/x-www-form-urlencoded'), 415],
  ['a multipart body on add', json('/v1/bookCreation/add', '--b\r\n\r\n--b--', 'multipart/form-data; boundary=b'), 415],
  ['a content type of garbage', json('/v1/bookCreation/delete', '{"id": 1}', '%%%/;;;'), 415],
  // uploads
  ['a 100k-character file name', upload([...filePart(LONG), END]), 200],
  ['an emoji file name', upload([...filePart('封面📚.png'), END]), 200],
  ['an HTML file name', upload([...filePart(HTML), END]), 200],
  ['two files (refused, not one dropped)', upload([...filePart('a.png'), ...filePart('b.png'), END]), 400],
  ['a multipart body cut short', upload([...filePart('a.png').slice(0, 2)]), 400],
  ['a multipart body without its boundary', upload([...filePart('a.png'), END], 'multipart/form-data'), 400],
  ['a multipart body with another boundary', upload([...filePart('a.png'), END], 'multipart/form-data; boundary=zzz'), 400],
  ['a multipart body with an empty boundary', upload([...filePart('a.png'), END], 'multipart/form-data; boundary='), 400],
  [
    'a multipart body with a 300-character boundary',
    upload([...filePart('a.png'), END], `multipart/form-data; boundary=${'b'.repeat(300)}`),
    400,
  ],
  ['a part without headers', upload([`--${BOUNDARY}\r\n\r\nhello\r\n`, END]), 400],
  // ids that are not the caller's, or repeated
  ['a move with a repeated id', post('/v1/bookCreation/move', { parentId: DEMO_FOLDERS.natureBooks, ids: [1, 1] }), 400],
  ['a move of 100k ids', post('/v1/bookCreation/move', { parentId: 0, ids: Array(100_000).fill(1) }), 400],
  ["an add into another user's folder", post('/v1/bookCreation/add', { parentId: DEMO_FOLDERS.basicFolder, type: 0, title: 't' }), 404],
  ['an unknown category', post('/v1/bookCreation/update', { id: DEMO_FOLDERS.natureBooks, rootId: 999_999 }), 400],
  ['a folder under itself', post('/v1/bookCreation/update', { id: DEMO_FOLDERS.natureBooks, parentId: DEMO_FOLDERS.natureBooks }), 400],
  // odd encodings in the query
  ['an empty share code', get('/v1/share/uar?r='), 400],
  ['a share code of invalid UTF-8', get('/v1/share/uar?r=%FF%FE'), 400],
  ['a share code of a lone surrogate', get('/v1/share/uar?r=%ED%A0%80'), 400],
  ['a share code with a broken escape', get('/v1/share/uar?r=%E0%A4%A'), 400],
  // invalid JSON
  ['truncated JSON', json('/v1/bookCreation/delete', '{"id": '), 400],
  ['JSON with a trailing comma', json('/v1/bookCreation/delete', '{"id": 1,}'), 400],
  ['single-quoted JSON', json('/v1/bookCreation/delete', "{'id': 1}"), 400],
  ['a __proto__ key', json('/v1/bookCreation/add', '{"parentId":0,"type":1,"title":"t","__proto__":{"x":1}}'), 400],
  [
    'a constructor.prototype key',
    json('/v1/bookCreation/add', '{"parentId":0,"type":1,"title":"t","constructor":{"prototype":{"x":1}}}'),
    400,
  ],
  ['deeply nested JSON', json('/v1/bookCreation/add', '['.repeat(200_000) + ']'.repeat(200_000)), 400],
  ['a body over 1 MB', post('/v1/bookCreation/add', { parentId: 0, type: 1, title: 'a'.repeat(1_100_000) }), 413],
]

const TABLE = CASES.map(([what, request, status]) => ({ what, request, status }))

describe('hostile input', () => {
  it.each(TABLE)('answers $what with $status and a Chinese message', async ({ request, status }) => {
    const res = await server.inject(request)
    expect(res.statusCode).toBe(status)
    const body = envelope(res)
    if (status === 200) {
      expect(body.result).toBe('SUCCESS')
    } else {
      expect(body.data).toBeNull()
      expect(body.msg).toMatch(HAS_CHINESE)
    }
  })

  it('refuses a multipart body cut short as malformed and keeps no file of it', async () => {
    const before = readdirSync(join(server.dataDir, 'uploads'))
    const res = await server.inject(upload(filePart('a.png').slice(0, 2)))
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg: '上传内容格式不正确' })
    expect(readdirSync(join(server.dataDir, 'uploads'))).toEqual(before)
  })

  it('stores an HTML title as the text it is', async () => {
    const res = await server.inject(post('/v1/bookCreation/add', { parentId: 0, type: 1, title: HTML }))
    expect(envelope<{ title: string }>(res).data.title).toBe(HTML)
  })

  it('serves a share whose code arrives with harmless extra parameters', async () => {
    const res = await server.inject(get(`/v1/share/uar?r=${DEMO_SHARES.book}&x=${encodeURIComponent(HTML)}`))
    expect(res.statusCode).toBe(200)
  })
})
