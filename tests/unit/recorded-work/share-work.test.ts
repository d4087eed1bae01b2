import { afterEach, describe, expect, it } from 'vitest'
import { normalizeShare } from '@shared/recorded-work/data'
import { shareLink, shareTitle, shareWork } from '@shared/recorded-work/share-work'
import { installAndroidHost, removeHost } from '../bridge/fake-host'

const work = (title: string | null, inviterNick: string | null) =>
  normalizeShare({ title, userInviter: { nickName: inviterNick }, items: [{ contentEn: 'A cat.' }] })

afterEach(() => {
  removeHost()
  window.history.replaceState(null, '', '/')
})

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

describe('shareLink', () => {
  it('keeps only r and title, as written: no isNeedBackWeb, fake-host or tracking parameter', () => {
    expect(
      shareLink(
        'https://h5.example/recorded_share?r=abc&isNeedBackWeb=1&title=%E5%B0%8F%E7%B1%B3+Cat&fakeHost=app&fakeHostToken=t&fakeHostVersion=2&from=singlemessage',
      ),
    ).toBe('https://h5.example/recorded_share?r=abc&title=%E5%B0%8F%E7%B1%B3+Cat')
  })

  it('drops the query mark when nothing else is left, and the hash', () => {
    expect(shareLink('https://h5.example/word_share?isNeedBackWeb=1#top')).toBe('https://h5.example/word_share')
  })

  it('leaves a URL without in-app parameters unchanged', () => {
    const href = 'https://h5.example/recorded_share?r=a%2Fb&title=%ZZbad'
    expect(shareLink(href)).toBe(href)
  })
})

describe('shareWork', () => {
  it('returns false outside the app, so the caller shows the share guide', () => {
    expect(shareWork(work('The Cat', '小米妈妈'), null)).toBe(false)
  })

  it('shares the page link without the in-app back bar parameter', () => {
    window.history.replaceState(null, '', '/recorded_share?r=abc&isNeedBackWeb=1')
    const host = installAndroidHost('getUserInfo', 'shareUrl')
    expect(shareWork(work('The Cat', '小米妈妈'), null)).toBe(true)
    const shared = JSON.parse(host.shareUrl!.mock.calls[0]![0] as string) as { url: string }
    expect(shared.url).toBe(new URL('/recorded_share?r=abc', window.location.href).href)
  })
})
