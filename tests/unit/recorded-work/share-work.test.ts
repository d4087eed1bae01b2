import { describe, expect, it } from 'vitest'
import { normalizeShare } from '@shared/recorded-work/data'
import { shareTitle } from '@shared/recorded-work/share-work'

const work = (title: string | null, inviterNick: string | null) =>
  normalizeShare({ title, userInviter: { nickName: inviterNick }, items: [{ contentEn: 'A cat.' }] })

describe('shareTitle', () => {
  it("uses the logged-in user's nickname first", () => {
    expect(shareTitle(work('The Cat', '小米妈妈'), '乐乐')).toBe('乐乐的录音作品《The Cat》')
  })

  it("falls back to the inviter's nickname when the user has none", () => {
    expect(shareTitle(work('The Cat', '小米妈妈'), '  ')).toBe('小米妈妈的录音作品《The Cat》')
  })

  it('reads 录音作品《title》 when neither nickname is known', () => {
    expect(shareTitle(work('The Cat', ''), null)).toBe('录音作品《The Cat》')
    expect(shareTitle(work('The Cat', null), undefined)).toBe('录音作品《The Cat》')
  })

  it('drops the empty 《》 when the work has no title', () => {
    expect(shareTitle(work('', '小米妈妈'), null)).toBe('小米妈妈的录音作品')
    expect(shareTitle(work(null, null), null)).toBe('录音作品')
  })
})
