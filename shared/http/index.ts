export { apiUrl, getApiBase, REQUEST_TIMEOUT_MS, resetHttpClientForTests } from './settings'
export { shareThumbnail } from './share-thumbnail'
export { isFinalFailure, MSG_FAILED, MSG_NETWORK, MSG_SUCCESS, type ApiResult } from './envelope'
export { httpGet, httpPost, httpUpload, takeArrived, takeArrivedGet, takeKeptGet, MSG_SIGN_IN_IN_APP, UPLOAD_TIMEOUT_MS } from './request'
