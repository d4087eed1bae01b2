import { afterEach, describe, expect, it } from 'vitest'
import * as calls from '@shared/bridge/calls'
import { installIosHost, removeHost } from './fake-host'

afterEach(removeHost)

// Each call's name and payload as docs/contracts/bridge.md's table gives them.
const cases: [string, () => boolean, object][] = [
  [
    'setNavigationBar',
    () => calls.setNavigationBar({ visible: false, statusBarColor: '#fff' }),
    { visible: false, statusBarColor: '#fff' },
  ],
  ['getUserInfo', () => calls.getUserInfo(), { sourceFrom: 'h5' }],
  ['updateUserInfo', () => calls.updateUserInfo(), {}],
  ['goToLogin', () => calls.goToLogin(), { sourceFrom: 'h5' }],
  ['closeWebview', () => calls.closeWebview(), { sourceFrom: 'h5' }],
  [
    'shareUrl',
    () => calls.shareUrl({ title: 't', text: 'x', url: 'u', thumbnail: 'i' }),
    { title: 't', text: 'x', url: 'u', thumbnail: 'i' },
  ],
  ['shareWeb', () => calls.shareWeb({ url: 'u', title: 't', showShare: true }), { url: 'u', title: 't', showShare: true }],
  ['openWebPage', () => calls.openWebPage({ url: 'u', title: 't', showShare: false }), { url: 'u', title: 't', showShare: false }],
  ['openPage', () => calls.openPage('pictureBookDetail', { id: 7 }), { name: 'pictureBookDetail', extras: { id: 7 } }],
  ['openAlbumAndUpload', () => calls.openAlbumAndUpload({ parentId: 3 }), { parentId: 3 }],
  ['openFileAndUpload', () => calls.openFileAndUpload({ parentId: 3, fileSuffix: 'pdf' }), { parentId: 3, fileSuffix: 'pdf' }],
  ['openVideoAndUpload', () => calls.openVideoAndUpload(), {}],
  ['openCustomerService', () => calls.openCustomerService(), {}],
  ['buyGoods', () => calls.buyGoods({ goodsId: 2 }), { goodsId: 2 }],
  ['updateAppVersion', () => calls.updateAppVersion(), {}],
  ['wechatLogin', () => calls.wechatLogin(), {}],
  ['baiduAuthorize', () => calls.baiduAuthorize(), {}],
  ['nativeLog', () => calls.nativeLog({ key: 'k', value: 'v' }), { key: 'k', value: 'v' }],
  ['downloadImage', () => calls.downloadImage({ url: 'u' }), { url: 'u' }],
  ['merchantTransfer', () => calls.merchantTransfer({ amount: 1 }), { amount: 1 }],
  ['speechRecognition', () => calls.speechRecognition({ text: 'hello' }), { text: 'hello' }],
  ['nativeDecrypt', () => calls.nativeDecrypt({ id: 'a', data: 'x' }), { id: 'a', data: 'x' }],
]

describe('bridge calls', () => {
  it.each(cases)('%s sends its contract payload under its own name', (name, call, payload) => {
    const ios = installIosHost(name)
    expect(call()).toBe(true)
    expect(ios[name]).toHaveBeenCalledWith(payload)
  })

  it.each(cases)('%s returns false when the app lacks it', (_name, call) => {
    expect(call()).toBe(false)
  })

  it('openPage sends empty extras when none are given', () => {
    const ios = installIosHost('openPage')
    calls.openPage('phonetic')
    expect(ios.openPage).toHaveBeenCalledWith({ name: 'phonetic', extras: {} })
  })
})
