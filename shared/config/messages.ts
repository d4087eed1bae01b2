/**
 * Words said when the network fails, for code with or without the HTTP layer (the brand page loads no
 * shared/http; its open-in-app guide still says when it cannot load).
 */
export const MSG_NETWORK = '网络错误，请检查您的网络连接'
