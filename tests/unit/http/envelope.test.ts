import { describe, expect, it } from 'vitest'
import { isEncrypted, isEnvelope, networkFailure, toApiResult } from '@shared/http/envelope'

describe('toApiResult', () => {
  it('succeeds on HTTP 200 with result SUCCESS, with the default message', () => {
    expect(toApiResult(200, { result: 'SUCCESS', data: { id: 1 }, msg: '' })).toEqual({
      success: true,
      data: { id: 1 },
      msg: '请求成功',
      code: 200,
      result: 'SUCCESS',
    })
  })

  it("keeps the server's success message when it gives one", () => {
    expect(toApiResult(200, { result: 'SUCCESS', data: null, msg: '已保存' }).msg).toBe('已保存')
  })

  it('turns missing data into null', () => {
    expect(toApiResult(200, { result: 'SUCCESS' }).data).toBeNull()
  })

  it('fails on HTTP 200 with another result, with the server message', () => {
    expect(toApiResult(200, { result: 'CONFLICT', data: { x: 1 }, msg: '您已领取过该福利' })).toEqual({
      success: false,
      data: null,
      msg: '您已领取过该福利',
      code: 200,
      result: 'CONFLICT',
    })
  })

  it('fails on an HTTP error with the server message, status and result', () => {
    expect(toApiResult(404, { result: 'NOT_FOUND', data: null, msg: '文件夹不存在' })).toEqual({
      success: false,
      data: null,
      msg: '文件夹不存在',
      code: 404,
      result: 'NOT_FOUND',
    })
  })

  it('falls back to 请求失败 when the error has no message', () => {
    expect(toApiResult(503, { result: 'ERROR', msg: '' })).toMatchObject({ msg: '请求失败', code: 503 })
  })

  it('uses code 500 when the status is missing', () => {
    expect(toApiResult(0, { result: 'ERROR' }).code).toBe(500)
  })

  it.each([
    ['HTML', '<html><body>502 Bad Gateway</body></html>'],
    ['null', null],
    ['an array', [1, 2]],
    ['an object without result', { data: 1 }],
    ['a result that is not a string', { result: true, data: 1 }],
  ])('fails with 请求失败 as a server failure when the body is %s, even on HTTP 200', (_what, body) => {
    expect(toApiResult(200, body)).toEqual({ success: false, data: null, msg: '请求失败', code: 502, result: 'ERROR' })
  })

  it('reads a 404 that is not the envelope (a CDN or proxy page) as a server failure, never as not found', () => {
    expect(toApiResult(404, '<html><body>404 Not Found</body></html>')).toMatchObject({ success: false, code: 502, result: 'ERROR' })
    expect(toApiResult(404, { result: 'NOT_FOUND', msg: '分享不存在' })).toMatchObject({ code: 404, result: 'NOT_FOUND' })
  })

  it('keeps the status of a 5xx page that is not the envelope', () => {
    expect(toApiResult(503, '<html>Service Unavailable</html>').code).toBe(503)
  })
})

describe('networkFailure', () => {
  it('is the no-response result of the catalogue', () => {
    expect(networkFailure()).toEqual({
      success: false,
      data: null,
      msg: '网络错误，请检查您的网络连接',
      code: 500,
      result: 'ERROR',
    })
  })
})

describe('isEnvelope and isEncrypted', () => {
  it('spots eType 1 only on an envelope', () => {
    expect(isEncrypted({ result: 'SUCCESS', data: 'x', eType: 1 })).toBe(true)
    expect(isEncrypted({ result: 'SUCCESS', data: 'x', eType: 0 })).toBe(false)
    expect(isEncrypted({ result: 'SUCCESS', data: 'x' })).toBe(false)
    expect(isEncrypted('{"eType":1}')).toBe(false)
    expect(isEnvelope({ result: 'SUCCESS' })).toBe(true)
  })
})
