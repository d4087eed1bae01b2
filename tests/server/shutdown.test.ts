/**
 * Issue 40 item 6: SIGTERM drains (server/http/drain.ts). `/readyz` turns 503 at once, new requests are
 * refused with 503 服务繁忙 and `Connection: close`, the requests in flight finish, and the ones still
 * running at the grace bound are cut without leaving a partial file. A real listening server on PGlite.
 */
import { readdirSync, rmSync } from 'node:fs'
import { request, type ClientRequest, type IncomingMessage } from 'node:http'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_TOKENS } from '../../server/seed/demo'
import { startServer, type RunningServer } from '../../server/start'
import { templateCopy } from './helpers/test-db'

const BOUNDARY = 'drain-boundary'
const HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`
const TAIL = `\r\n--${BOUNDARY}--\r\n`
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200_000, 1)])

let server: RunningServer | undefined
let dataDir = ''
afterEach(async () => {
  await server?.close().catch(() => {})
  server = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

/** A server on a private copy of the test database, draining within `graceMs`. */
async function start(graceMs: number): Promise<RunningServer> {
  dataDir = await templateCopy()
  server = await startServer({ dataDir, shutdownGraceMs: graceMs })
  return server
}

interface Answer {
  status: number
  headers: IncomingMessage['headers']
  body: string
}

/** An upload whose body is sent up to its last bytes and held there: in flight until `finish()`. */
function heldUpload(url: string): { finish(): void; answer: Promise<Answer | Error>; req: ClientRequest } {
  const body = Buffer.concat([Buffer.from(HEAD), PNG, Buffer.from(TAIL)])
  const req = request(`${url}/v1/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${DEMO_TOKENS.vip}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': body.length,
    },
  })
  const answer = new Promise<Answer | Error>((resolve) => {
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
    })
    req.on('error', resolve)
  })
  req.write(body.subarray(0, body.length - 10))
  return { finish: () => req.end(body.subarray(body.length - 10)), answer, req }
}

const get = async (url: string, path: string) => {
  const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${DEMO_TOKENS.vip}` } })
  return { status: res.status, connection: res.headers.get('connection'), body: (await res.json()) as { msg: string } }
}

/** Waits until the server has the upload's first bytes (its part file exists). */
const partWritten = () => expect.poll(() => readdirSync(join(dataDir, 'uploads')).some((name) => name.endsWith('.part'))).toBe(true)

describe('a draining server', () => {
  it('says unready, refuses new requests with 503, and finishes the upload in flight', async () => {
    const { url } = await start(10_000)
    const upload = heldUpload(url)
    await partWritten()
    const drained = server!.drain()

    await expect.poll(async () => (await get(url, '/readyz')).status).toBe(503)
    expect((await get(url, '/healthz')).status).toBe(200)
    expect(await get(url, '/v1/directory/0')).toEqual({
      status: 503,
      connection: 'close',
      body: expect.objectContaining({ msg: '服务繁忙，请稍后再试' }),
    })

    upload.finish()
    const answer = (await upload.answer) as Answer
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ result: 'SUCCESS', data: { url: expect.stringMatching(/^\/uploads\//) } })
    expect(await drained).toMatchObject({ cut: 0 })
    server = undefined
  })

  it('cuts an upload still arriving at the grace bound, leaving no partial file', async () => {
    const { url } = await start(500)
    const upload = heldUpload(url)
    await partWritten()
    expect(await server!.drain()).toMatchObject({ cut: 1 })
    server = undefined
    expect(await upload.answer).toBeInstanceOf(Error)
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([])
  })
})
