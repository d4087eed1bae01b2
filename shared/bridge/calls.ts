import { callNative } from './transports'

/**
 * One function per page → host call of docs/contracts/bridge.md. Each returns true when the host took the
 * call and false when the capability is missing (the page then falls back as the spec says).
 */

const FROM_H5 = { sourceFrom: 'h5' } as const

/** The native screens `openPage` can open. */
export type NativePageName =
  | 'createPictureBook'
  | 'quickInput'
  | 'pdfUpload'
  | 'pictureBookDetail'
  | 'letterStudy'
  | 'phonetic'
  | 'directory'
  | 'collectionDetail'
  | 'wordStudy'

/** Where a picked file is uploaded to (`openAlbumAndUpload` and friends). */
export interface UploadTarget {
  parentId?: number
  id?: number
  fileSuffix?: string
}

/** What `shareWeb` and `openWebPage` take. */
export interface WebPageShare {
  url: string
  title: string
  showShare: boolean
}

/** Shows or hides the host's native navigation bar. */
export const setNavigationBar = (options: { visible: boolean; statusBarColor?: string }) => callNative('setNavigationBar', options)

/** Asks the host for its user; it answers with a `userInfo` message. */
export const getUserInfo = () => callNative('getUserInfo', FROM_H5)

/** Asks the host to refresh its user; it answers with a `userInfo` message. */
export const updateUserInfo = () => callNative('updateUserInfo')

/** Opens the native login screen. */
export const goToLogin = () => callNative('goToLogin', FROM_H5)

/** Closes this WebView. */
export const closeWebview = () => callNative('closeWebview', FROM_H5)

/** Opens the native share sheet for a link. */
export const shareUrl = (share: { title: string; text: string; url: string; thumbnail: string }) => callNative('shareUrl', share)

/** Shares the current web page. */
export const shareWeb = (share: WebPageShare) => callNative('shareWeb', share)

/** Opens a URL in a new WebView. */
export const openWebPage = (page: WebPageShare) => callNative('openWebPage', page)

/** Opens a native screen, e.g. `openPage('pictureBookDetail', { id })`. */
export const openPage = (name: NativePageName, extras: Record<string, unknown> = {}) => callNative('openPage', { name, extras })

/** Picks photos, uploads them, then sends `visibleChange`. */
export const openAlbumAndUpload = (target: UploadTarget = {}) => callNative('openAlbumAndUpload', target)

/** Picks a file, uploads it, then sends `visibleChange`. */
export const openFileAndUpload = (target: UploadTarget = {}) => callNative('openFileAndUpload', target)

/** Picks a video, uploads it, then sends `visibleChange`. */
export const openVideoAndUpload = (target: UploadTarget = {}) => callNative('openVideoAndUpload', target)

/** Opens the support chat. */
export const openCustomerService = () => callNative('openCustomerService')

/** Buys a membership or space item; a `visibleChange` follows when the store closes. */
export const buyGoods = (goods: { goodsId: number | string }) => callNative('buyGoods', goods)

/** Opens the app-store page of the app. */
export const updateAppVersion = () => callNative('updateAppVersion')

/** Starts the WeChat sign-in. */
export const wechatLogin = () => callNative('wechatLogin')

/** Starts the Baidu cloud-drive authorisation. */
export const baiduAuthorize = () => callNative('baiduAuthorize')

/** Writes a line to the app's log. */
export const nativeLog = (entry: { key: string; value: string }) => callNative('nativeLog', entry)

/** Saves an image to the gallery. */
export const downloadImage = (image: { url: string }) => callNative('downloadImage', image)

/** Starts the payout flow; its payload is the host's to define. */
export const merchantTransfer = (payload: Record<string, unknown>) => callNative('merchantTransfer', payload)

/** Recognises one spoken sentence; progress arrives as `speechState` messages. */
export const speechRecognition = (request: { text: string }) => callNative('speechRecognition', request)

/**
 * Sends one decrypt request; the answer is a `decryptResult` message with the same id.
 * Pages use `nativeDecryptData` (decrypt-queue.ts), which queues and times these out.
 */
export const nativeDecrypt = (request: { id: string; data: unknown }) => callNative('nativeDecrypt', request)
