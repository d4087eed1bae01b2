/** shared/http/kept-replies.ts: what the share page keeps for its next open. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetKept, KEPT_MAX_AGE_MS, KEPT_MAX_CHARS, KEPT_MAX_ENTRIES, keptScope, readKept, writeKept } from '@shared/http/kept-replies'

const success = (data: unknown) => ({ status: 200, body: { result: 'SUCCESS', data, msg: '' } })
const NOW = 1_800_000_000_000

afterEach(() => localStorage.clear())

describe('kept replies', () => {
  it('keeps a successful reply for the next open', () => {
    writeKept('GET /v1/share/uar?r=a', success({ title: '绘本' }), NOW)
    expect(readKept('GET /v1/share/uar?r=a', NOW + 1000)).toEqual(success({ title: '绘本' }))
    expect(readKept('GET /v1/share/uar?r=b', NOW)).toBeNull()
  })

  it('keeps no failure, no encrypted reply, and nothing too large', () => {
    writeKept('a', { status: 500, body: { result: 'ERROR', data: null, msg: '忙' } }, NOW)
    writeKept('b', { status: 200, body: { result: 'ERROR', data: null, msg: '' } }, NOW)
    writeKept('c', { status: 200, body: { result: 'SUCCESS', data: 'cipher', eType: 1 } }, NOW)
    writeKept('d', success('字'.repeat(KEPT_MAX_CHARS)), NOW)
    writeKept('e', { status: 200, body: '<html>' }, NOW)
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => readKept(key, NOW))).toEqual([null, null, null, null, null])
  })

  it('forgets the kept reply when the share is gone (404), and keeps it through a server error', () => {
    writeKept('a', success(1), NOW)
    writeKept('a', { status: 500, body: null }, NOW + 1)
    expect(readKept('a', NOW + 2)).toEqual(success(1))
    // A CDN's HTML 404 in front of the API is not the API saying the share is gone.
    writeKept('a', { status: 404, body: '<html><body>404 Not Found</body></html>' }, NOW + 2)
    expect(readKept('a', NOW + 2)).toEqual(success(1))
    writeKept('a', { status: 404, body: { result: 'NOT_FOUND', data: null, msg: '分享不存在' } }, NOW + 3)
    expect(readKept('a', NOW + 4)).toBeNull()
  })

  it("forgets a request's kept reply, every user's, and nothing else", () => {
    const list = 'GET /v1/directory/11'
    writeKept(keptScope('a.token') + list, success('a'), NOW)
    writeKept(keptScope('b.token') + list, success('b'), NOW)
    writeKept(list, success('none'), NOW)
    writeKept(keptScope('a.token') + 'GET /v1/directory/111', success('other folder'), NOW)
    forgetKept(list)
    expect(readKept(keptScope('a.token') + list, NOW)).toBeNull()
    expect(readKept(keptScope('b.token') + list, NOW)).toBeNull()
    expect(readKept(list, NOW)).toBeNull()
    expect(readKept(keptScope('a.token') + 'GET /v1/directory/111', NOW)).toEqual(success('other folder'))
  })

  it(`keeps the newest ${KEPT_MAX_ENTRIES}, dropping the oldest`, () => {
    for (let i = 0; i <= KEPT_MAX_ENTRIES; i++) writeKept(`share ${i}`, success(i), NOW + i)
    expect(readKept('share 0', NOW + 10)).toBeNull()
    for (let i = 1; i <= KEPT_MAX_ENTRIES; i++) expect(readKept(`share ${i}`, NOW + 10)).toEqual(success(i))
    localStorage.setItem('other', 'left alone')
    writeKept('share 9', success(9), NOW + 20)
    expect(localStorage.getItem('other')).toBe('left alone')
  })

  it('does not use a reply older than a week, nor an unreadable one', () => {
    writeKept('a', success(1), NOW)
    expect(readKept('a', NOW + KEPT_MAX_AGE_MS + 1)).toBeNull()
    localStorage.setItem('kids-reply:b', '{not json')
    localStorage.setItem('kids-reply:c', JSON.stringify({ at: NOW, reply: null }))
    expect(readKept('b', NOW)).toBeNull()
    expect(readKept('c', NOW)).toBeNull()
  })

  it('says nothing when storage refuses (private mode, full)', () => {
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(() => writeKept('a', success(1), NOW)).not.toThrow()
    expect(readKept('a', NOW)).toBeNull()
  })
})
