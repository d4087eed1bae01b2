import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_MEDIA_DIR } from '../../server/paths'
import { DEMO_SHARES } from '../../server/seed/demo'
import type { ShareDataView } from '../../server/services/share-service'
import { bearer, envelope, setupServer, VIP } from './helpers/test-app'

const server = setupServer()
const AUTHENTICATED_CALLS = [
  ['GET', '/v1/directory/0'],
  ['GET', '/v1/goods/spaces'],
  ['GET', '/v1/user/myCapacity'],
  ['POST', '/v1/activity/vipGetFreeSpace'],
  ['POST', '/v1/bookCreation/add'],
  ['POST', '/v1/bookCreation/update'],
  ['POST', '/v1/bookCreation/delete'],
  ['POST', '/v1/bookCreation/move'],
  ['GET', '/v1/bookCreation/options'],
  ['POST', '/v1/upload'],
] as const

describe('authentication', () => {
  it.each(AUTHENTICATED_CALLS)('answers 401 to %s %s without a token', async (method, url) => {
    const res = await server.inject({ method, url, payload: method === 'POST' ? {} : undefined })
    expect(res.statusCode).toBe(401)
    expect(envelope(res)).toEqual({ result: 'UNAUTHORIZED', data: null, msg: '请先登录' })
  })

  it.each(AUTHENTICATED_CALLS)('answers 401 to %s %s with an unknown token', async (method, url) => {
    const res = await server.inject({ method, url, headers: bearer('no-such-token'), payload: method === 'POST' ? {} : undefined })
    expect(res.statusCode).toBe(401)
    expect(envelope(res).msg).toBe('登录已失效，请重新登录')
  })

  it('answers 401 to an Authorization header that is not a bearer token', async () => {
    const res = await server.get('/v1/directory/0', { authorization: 'Basic ZGVtbzpkZW1v' })
    expect(res.statusCode).toBe(401)
  })

  it('checks the token before the body, so an anonymous caller learns nothing about it', async () => {
    const res = await server.inject({ method: 'POST', url: '/v1/bookCreation/add', payload: { title: 5 } })
    expect(res.statusCode).toBe(401)
  })

  it('serves shares without a token', async () => {
    const res = await server.inject({ method: 'GET', url: `/v1/share/uar?r=${DEMO_SHARES.book}` })
    expect(res.statusCode).toBe(200)
    expect(envelope(res).result).toBe('SUCCESS')
  })
})

describe('envelope', () => {
  it('wraps success as HTTP 200 with result SUCCESS and msg 请求成功', async () => {
    const res = await server.get('/v1/goods/spaces')
    expect(res.statusCode).toBe(200)
    expect(envelope(res)).toMatchObject({ result: 'SUCCESS', msg: '请求成功' })
  })

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await server.get('/v1/nothing/here')
    expect(res.statusCode).toBe(404)
    expect(envelope(res)).toEqual({ result: 'NOT_FOUND', data: null, msg: '接口不存在' })
  })

  it('answers a POST to an unknown path with a JSON 404', async () => {
    const res = await server.post('/v1/bookCreation/rename', {})
    expect(res.statusCode).toBe(404)
    expect(envelope(res).result).toBe('NOT_FOUND')
  })

  it('answers malformed JSON with a Chinese 400', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/v1/bookCreation/delete',
      headers: { ...VIP, 'content-type': 'application/json' },
      payload: '{"id": ',
    })
    expect(res.statusCode).toBe(400)
    expect(envelope(res)).toEqual({ result: 'BAD_REQUEST', data: null, msg: '请求体不是有效的 JSON' })
  })

  it('answers an empty JSON body with a Chinese 400', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/v1/bookCreation/delete',
      headers: { ...VIP, 'content-type': 'application/json' },
      payload: '',
    })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('请求体不能为空')
  })

  it('answers a JSON array body with a Chinese 400', async () => {
    const res = await server.post('/v1/bookCreation/delete', [1, 2])
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('请求体应为对象')
  })

  it('answers an unsupported content type with 415', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/v1/bookCreation/delete',
      headers: { ...VIP, 'content-type': 'application/xml' },
      payload: '<id>1</id>',
    })
    expect(res.statusCode).toBe(415)
    expect(envelope(res)).toEqual({ result: 'UNSUPPORTED_MEDIA_TYPE', data: null, msg: '不支持的请求格式，请使用 JSON' })
  })

  it('answers a body over 1 MB with 413', async () => {
    const res = await server.post('/v1/bookCreation/delete', { id: 1, pad: 'x'.repeat(1024 * 1024) })
    expect(res.statusCode).toBe(413)
    expect(envelope(res).msg).toBe('请求体过大')
  })
})

const share = async (code: string) => envelope<ShareDataView>(await server.inject({ method: 'GET', url: `/v1/share/uar?r=${code}` })).data

/** Every string value under `value` that looks like a media URL. */
const mediaUrls = (value: unknown): string[] =>
  typeof value === 'string'
    ? value.startsWith('/media/')
      ? [value]
      : []
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(mediaUrls)
      : []

describe('GET /v1/share/uar', () => {
  it('returns the picture book with its inviter, pages and sentences', async () => {
    const data = await share(DEMO_SHARES.book)
    expect(data).toMatchObject({
      title: "Mimi's Sunny Day",
      categories: [1],
      userInviter: { nickName: '小米妈妈', inviterCode: 'XMMM2025', avatar: '/media/avatars/xiaomi-mama.svg' },
      words: [],
    })
    expect(data.items.length).toBeGreaterThanOrEqual(6)
    for (const item of data.items) expect(item.sentences.length).toBeGreaterThanOrEqual(1)
    expect(data.items.every((item) => item.sentences.length <= 3)).toBe(true)
  })

  it('spreads the learner scores over every star band and leaves one sentence unrecorded', async () => {
    const sentences = (await share(DEMO_SHARES.book)).items.flatMap((item) => item.sentences)
    const scores = sentences.flatMap((s) => (s.audioRecord ? [s.audioRecord.suggestedScore] : []))
    expect(scores.some((s) => s >= 80)).toBe(true)
    expect(scores.some((s) => s >= 60 && s < 80)).toBe(true)
    expect(scores.some((s) => s >= 30 && s < 60)).toBe(true)
    expect(scores.some((s) => s < 30)).toBe(true)
    const unrecorded = sentences.filter((s) => s.audioRecord === null && s.mediaUrl)
    expect(unrecorded.length).toBeGreaterThanOrEqual(1)
  })

  it('has one page without any audio', async () => {
    const silent = (await share(DEMO_SHARES.book)).items.filter(
      (item) => !item.mediaUrl && !item.audioRecord && item.sentences.every((s) => !s.mediaUrl && !s.audioRecord),
    )
    expect(silent).toHaveLength(1)
  })

  it('gives category-8 sentences increasing millisecond times within their page audio', async () => {
    const data = await share(DEMO_SHARES.cat8)
    expect(data.categories).toEqual([8])
    for (const item of data.items) {
      let previousEnd = 0
      for (const s of item.sentences) {
        expect(s.mediaUrl).toBe(item.mediaUrl)
        expect(s.startTimeMs).toBeGreaterThanOrEqual(previousEnd)
        expect(s.endTimeMs).toBeGreaterThan(s.startTimeMs)
        previousEnd = s.endTimeMs
      }
      expect(previousEnd).toBeLessThanOrEqual(item.endSec * 1000)
    }
  })

  it('returns at least eight words with both accents, examples and pictures', async () => {
    const data = await share(DEMO_SHARES.words)
    expect(data.words.length).toBeGreaterThanOrEqual(8)
    for (const w of data.words) {
      for (const key of [
        'wordEn',
        'wordCn',
        'ukPronunciation',
        'usPronunciation',
        'ukMediaUrl',
        'usMediaUrl',
        'example',
        'exampleCn',
        'ukExampleMediaUrl',
        'usExampleMediaUrl',
        'imageUrl',
      ] as const) {
        expect(w[key], `${w.wordEn}.${key}`).not.toBe('')
      }
      expect(typeof w.id).toBe('number')
    }
  })

  it.each(Object.values(DEMO_SHARES))('points %s only at media files that exist', async (code) => {
    const urls = mediaUrls(await share(code))
    expect(urls.length).toBeGreaterThan(0)
    for (const url of urls) expect(existsSync(join(DEMO_MEDIA_DIR, url.slice('/media/'.length))), url).toBe(true)
  })

  it('answers an unknown share code with a Chinese 404', async () => {
    const res = await server.inject({ method: 'GET', url: '/v1/share/uar?r=no-such-share' })
    expect(res.statusCode).toBe(404)
    expect(envelope(res)).toEqual({ result: 'NOT_FOUND', data: null, msg: '分享内容不存在或已失效' })
  })

  it('answers a missing share code with a Chinese 400', async () => {
    const res = await server.inject({ method: 'GET', url: '/v1/share/uar' })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('缺少参数 r')
  })

  it('answers an empty share code with a Chinese 400', async () => {
    const res = await server.inject({ method: 'GET', url: '/v1/share/uar?r=' })
    expect(res.statusCode).toBe(400)
    expect(envelope(res).msg).toBe('参数 r 不能为空')
  })
})
