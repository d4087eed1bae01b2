/**
 * Issue 32 item 6: requests Node's HTTP parser refuses are answered with the API envelope and a
 * Chinese message (not Fastify's `{"error":"Bad Request","message":"Client Error"}`), and a JSON body
 * refused for a `__proto__` key is told what is wrong with it.
 */
import { connect } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer()
let port = 0
beforeAll(async () => {
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  port = (server.app.server.address() as { port: number }).port
})

/** Sends `text` on a fresh connection and returns everything that came back before it closed. */
function exchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(text, 'latin1'))
    socket.on('data', (chunk) => (received += chunk.toString('utf8')))
    socket.on('error', () => {})
    socket.once('close', () => resolve(received))
    setTimeout(() => reject(new Error(`no close; got ${JSON.stringify(received)}`)), 10_000).unref()
  })
}

const BAD = { result: 'BAD_REQUEST', data: null, msg: '请求格式不正确' }

describe('A request the HTTP parser refuses', () => {
  it.each([
    ['a space in the method', 'GE T / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an unknown HTTP version', 'GET / HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['a control character in the path', 'GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a space in a header name', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n'],
    ['a Content-Length that is no number', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
    ['two Content-Lengths', 'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'],
    [
      'Content-Length with Transfer-Encoding',
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    [
      'a chunk size that is no number',
      'POST /v1/bookCreation/add HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
    ['lines ended by a bare LF', 'GET / HTTP/1.1\nHost: x\n\n'],
    ['a folded header line', 'GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n'],
  ])('with %s gets a 400 envelope', async (_, request) => {
    const answer = await exchange(request)
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(BAD)
  })

  it('with headers too large gets a 431 envelope', async () => {
    const answer = await exchange(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 431 /)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ result: 'BAD_REQUEST', data: null, msg: '请求头过大' })
  })

  it('without Host gets a 400 envelope', async () => {
    const answer = await exchange('GET /v1/share/uar?r=demo-book HTTP/1.1\r\nConnection: close\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ result: 'BAD_REQUEST', data: null, msg: '请求缺少 Host 头' })
  })
})

describe('A JSON body', () => {
  const add = (payload: string) =>
    server.inject({ method: 'POST', url: '/v1/bookCreation/add', headers: { ...VIP, 'content-type': 'application/json' }, payload })

  it.each([
    ['__proto__', '{"parentId":0,"type":1,"title":"x","__proto__":{"isAdmin":true}}'],
    ['constructor.prototype', '{"parentId":0,"type":1,"title":"x","constructor":{"prototype":{"isAdmin":true}}}'],
  ])('with a %s key is refused, saying so, and nothing is added', async (_, payload) => {
    const before = (await server.folder(0)).items.length
    const res = await add(payload)
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg: '请求体不能包含 __proto__ 或 constructor.prototype 字段' })
    expect((await server.folder(0)).items).toHaveLength(before)
  })

  it('that is broken is still refused as no valid JSON', async () => {
    expect(envelope(await add('{"parentId":0,'))).toEqual({ result: 'BAD_REQUEST', data: null, msg: '请求体不是有效的 JSON' })
  })
})
