/**
 * The fake host's baiduAuthorize when the server runs the Baidu provider (here against its stand-in):
 * it plays the real flow — the sign-in page's code (development route) handed to
 * POST /v1/cloudDrive/authorize — then tells the page it is visible again. The page's fetch goes to
 * `app.inject` (no port); the server's calls to the stand-in are real HTTP.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBaiduProvider } from '../../server/cloud-drive/baidu/baidu-provider'
import { startBaiduStandIn, type BaiduStandIn } from '../../server/cloud-drive/baidu/stand-in'
import type { CloudDriveProvider } from '../../server/cloud-drive/provider'
import { fakeHostPages } from './helpers/fake-host-page'
import { BASIC, envelope, setupServer, VIP } from './helpers/test-app'

let standIn: BaiduStandIn
let baidu: CloudDriveProvider
beforeAll(async () => {
  standIn = await startBaiduStandIn({ files: { '/绘本': 'dir' }, accountName: '乐乐的百度网盘' })
  baidu = createBaiduProvider(standIn.config())
})
afterAll(() => standIn?.close())

/** Delegates to the provider made once the stand-in listens (setupServer reads its options first). */
const provider: CloudDriveProvider = {
  name: 'baidu',
  get signInUrl() {
    return baidu.signInUrl
  },
  authorize: (code) => baidu.authorize!(code),
  refresh: (grant) => baidu.refresh!(grant),
  list: (grant, dir, options) => baidu.list(grant, dir, options),
  stat: (grant, fsIds) => baidu.stat(grant, fsIds),
  read: (grant, fsId, signal) => baidu.read(grant, fsId, signal),
}
const server = setupServer({ devRoutes: true, cloudDrive: provider })

const page = fakeHostPages(server)

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

const status = async (headers: Record<string, string>) => envelope(await server.get('/v1/cloudDrive/status', headers)).data

it('baiduAuthorize runs the sign-in against the stand-in, hands the code to /v1/cloudDrive/authorize, then visibleChange true', async () => {
  const { g, received } = page('demo-basic-token')
  expect(await status(BASIC)).toEqual({ authorized: false, accountName: '' })
  standIn.calls.length = 0
  g.KidsEnglishBridge!.baiduAuthorize!('{}')
  await until(() => received.length === 1)
  expect(received[0]).toEqual({ type: 'visibleChange', data: { result: true } })
  expect(standIn.calls).toEqual(['authorize', 'token', 'uinfo'])
  expect(await status(BASIC)).toEqual({ authorized: true, accountName: '乐乐的百度网盘' })
  expect(await status(VIP)).toEqual({ authorized: false, accountName: '' })
  // The grant is Baidu's: the listing comes from the stand-in.
  const files = await server.get('/v1/cloudDrive/files?dir=/&suffix=pdf', BASIC)
  expect(envelope<{ items: { name: string }[] }>(files).data.items.map((i) => i.name)).toEqual(['绘本'])
})

it('a sign-in page that gives no code (the real Baidu wants a person): 502 with a Chinese msg, nothing granted', async () => {
  standIn.fail({ endpoint: 'authorize', kind: 'http-500' })
  const res = await server.post('/v1/dev/cloudDrive/signIn', {}, BASIC)
  expect(res.statusCode).toBe(502)
  expect(res.json()).toMatchObject({ data: null, msg: expect.stringContaining('授权码') })
  expect(await status(BASIC)).toEqual({ authorized: false, accountName: '' })
})
