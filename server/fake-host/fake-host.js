/*
 * Fake host: lets a desktop browser try a page "in the app". The reference server injects it
 * (as the first element of <head>) while the `fakeHost=app` cookie is set; the built pages never
 * contain it. It plays the native app of docs/contracts/user-agent.md and docs/contracts/bridge.md:
 *   - navigator.userAgent carries the app markers (version, VIP, app id, token);
 *   - both bridge transports exist for every call name (or only the one configured);
 *   - calls are recorded in window.__fakeHost.calls and answered like the app would;
 *   - a small panel (collapsed to a chip) logs the calls and sends host messages.
 * Configure with window.__FAKE_HOST_CONFIG__ = { version, token, isVip, isPermanentVip, transport } set
 * before this script, or the query/cookie values fakeHostVersion, fakeHostToken, fakeHostVip,
 * fakeHostPermanentVip, fakeHostTransport ('ios' | 'android' | 'both'). An empty version or token
 * leaves its marker out.
 * buyGoods "pays" through the server's development-only routes, the membership plan's
 * (/v1/dev/vip/purchase) or, for any other goods id, the space good's (/v1/dev/space/purchase), and then
 * sends visibleChange { result: true }, like the app after its store.
 * Plain ES2017, no build step.
 */
;(function () {
  'use strict'
  if (window.__fakeHost) return

  var CALL_NAMES = [
    'setNavigationBar',
    'getUserInfo',
    'updateUserInfo',
    'goToLogin',
    'closeWebview',
    'shareUrl',
    'shareWeb',
    'openWebPage',
    'openPage',
    'openAlbumAndUpload',
    'openFileAndUpload',
    'openVideoAndUpload',
    'openCustomerService',
    'buyGoods',
    'updateAppVersion',
    'wechatLogin',
    'baiduAuthorize',
    'nativeLog',
    'downloadImage',
    'merchantTransfer',
    'speechRecognition',
    'nativeDecrypt',
  ]
  var DEMO_USERS = {
    'demo-vip-token': { id: 1, nickName: '小米妈妈', avatar: '/media/avatars/xiaomi-mama.svg' },
    'demo-basic-token': { id: 2, nickName: '乐乐爸爸', avatar: '/media/avatars/lele-baba.svg' },
    'demo-permanent-token': { id: 3, nickName: '豆豆奶奶', avatar: '' },
    'demo-trial-token': { id: 4, nickName: '朵朵妈妈', avatar: '' },
  }
  /** The server's development-only purchase routes (server/dev/): a membership plan, else a space good. */
  var DEV_PURCHASES = ['/v1/dev/vip/purchase', '/v1/dev/space/purchase']

  // ---- configuration ------------------------------------------------------------------------
  function readCookie(name) {
    var parts = document.cookie ? document.cookie.split(';') : []
    for (var i = 0; i < parts.length; i++) {
      var kv = parts[i].trim().split('=')
      if (kv[0] === name) return decodeURIComponent(kv.slice(1).join('='))
    }
    return null
  }
  /** A query value wins (and is remembered in a cookie for the next pages), else the cookie. */
  function setting(name) {
    var value = new URLSearchParams(location.search).get(name)
    if (value === null) return readCookie(name)
    document.cookie = name + '=' + encodeURIComponent(value) + '; Path=/; SameSite=Lax'
    return value
  }
  function pick(given, name, fallback) {
    if (given !== undefined && given !== null) return String(given)
    var value = setting(name)
    return value === null ? fallback : value
  }

  var given = window.__FAKE_HOST_CONFIG__ || {}
  var token = pick(given.token, 'fakeHostToken', 'demo-vip-token')
  var user = DEMO_USERS[token] || { id: 1, nickName: '小米妈妈', avatar: '/media/avatars/xiaomi-mama.svg' }
  var config = {
    version: pick(given.version, 'fakeHostVersion', '2.12.0'),
    token: token,
    isVip: pick(given.isVip, 'fakeHostVip', 'true') !== 'false',
    isPermanentVip: pick(given.isPermanentVip, 'fakeHostPermanentVip', 'false') === 'true',
    transport: pick(given.transport, 'fakeHostTransport', 'both'),
    user: { id: given.userId || user.id, nickName: given.nickName || user.nickName, avatar: given.avatar || user.avatar },
  }
  var ios = config.transport === 'ios'

  // ---- (a) the user agent -------------------------------------------------------------------
  var ua =
    (ios
      ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
      : 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36') +
    ' com.kidsenglish.app' +
    (config.version ? ' version_' + config.version : '') +
    ' isVip_' +
    config.isVip +
    ' isPermanentVipUser_' +
    config.isPermanentVip +
    ' appId_kidsenglish-' +
    (ios ? 'ios' : 'android') +
    (config.token ? ' token_' + config.token : '')
  try {
    Object.defineProperty(navigator, 'userAgent', {
      get: function () {
        return ua
      },
      configurable: true,
    })
  } catch (e) {
    console.warn('[fake host] cannot override navigator.userAgent', e)
  }

  // ---- (c) recording and host → page messages -----------------------------------------------
  var api = {
    config: config,
    userAgent: ua,
    /** Every page → host call: { name, payload, at, via }. */
    calls: [],
    /** Every host → page message sent: { type, data, at }. */
    messages: [],
    /** True after closeWebview. */
    closed: false,
    send: send,
    clear: function () {
      api.calls.length = 0
      api.messages.length = 0
      render()
    },
  }
  window.__fakeHost = api

  /** Delivers a message through window.onNativeMessage, waiting (up to 5 s) for the page to define it. */
  function send(type, data) {
    var message = data === undefined ? { type: type } : { type: type, data: data }
    api.messages.push({ type: type, data: data, at: Date.now() })
    log('→ page', type, data)
    var tries = 0
    ;(function deliver() {
      if (typeof window.onNativeMessage === 'function') return window.onNativeMessage(message)
      if (++tries < 100) setTimeout(deliver, 50)
      else console.warn('[fake host] window.onNativeMessage is not defined; dropped', message)
    })()
  }

  // ---- (d) answers -------------------------------------------------------------------------
  function decodeBase64Json(data) {
    try {
      var bytes = Uint8Array.from(atob(String(data)), function (c) {
        return c.charCodeAt(0)
      })
      return JSON.parse(new TextDecoder().decode(bytes))
    } catch {
      return data
    }
  }

  function answer(name, payload) {
    var p = payload && typeof payload === 'object' ? payload : {}
    switch (name) {
      case 'getUserInfo':
      case 'updateUserInfo':
        return send('userInfo', { token: config.token, user: config.user })
      case 'nativeDecrypt':
        return send('decryptResult', { id: p.id, data: decodeBase64Json(p.data) })
      case 'closeWebview':
        api.closed = true
        return render()
      case 'openWebPage':
        if (typeof p.url === 'string' && /^(https?:\/\/|\/)/i.test(p.url)) location.href = p.url
        return undefined
      case 'baiduAuthorize':
        return baiduSignIn().then(function () {
          send('visibleChange', { result: true })
        })
      case 'buyGoods':
        return buy(p.goodsId)
      default:
        return undefined // logged only (openPage, shareUrl, nativeLog, …)
    }
  }

  /**
   * The store: the server's development-only routes "pay", a membership plan's first, then, when that
   * route knows no such plan (404), a space good's; then the WebView shows again (visibleChange true).
   * Goods neither route knows stay logged only.
   */
  function buy(goodsId) {
    if (typeof goodsId !== 'number' || typeof fetch !== 'function') return undefined
    var headers = { 'content-type': 'application/json' }
    if (config.token) headers.authorization = 'Bearer ' + config.token
    var body = JSON.stringify({ goodsId: goodsId })
    function attempt(i) {
      return fetch(DEV_PURCHASES[i], { method: 'POST', headers: headers, body: body }).then(function (res) {
        if (res.status === 404 && i + 1 < DEV_PURCHASES.length) return attempt(i + 1)
        log('store', res.ok ? (i === 0 ? 'membership bought' : 'space bought') : 'not for sale (' + res.status + ')', { goodsId: goodsId })
        if (res.ok) send('visibleChange', { result: true })
        return undefined
      })
    }
    return attempt(0).catch(function (error) {
      log('store', 'failed', String(error))
    })
  }

  /**
   * The cloud drive's sign-in, played by the reference server's development-only routes:
   * 'grant' hands the demo drive to the current user (as a real host hands its grant to the
   * backend), 'expire' makes that grant expire. Failures are logged; the page then sees the
   * status it had.
   */
  function cloudDrive(action) {
    return fetch('/v1/dev/cloudDrive/' + action, {
      method: 'POST',
      headers: { authorization: 'Bearer ' + config.token, 'content-type': 'application/json' },
      body: '{}',
    }).then(
      function (res) {
        log('host', 'cloudDrive/' + action, res.status)
      },
      function (error) {
        log('host', 'cloudDrive/' + action + ' failed', String(error))
      },
    )
  }
  api.cloudDrive = cloudDrive

  /**
   * baiduAuthorize: the drive's sign-in as a host runs it. A server whose drive takes codes (Baidu,
   * e.g. against its stand-in) gives one through its development route (it follows the sign-in page),
   * and the script hands it to POST /v1/cloudDrive/authorize as the real host does; the demo drive
   * takes none (404), so it is granted through the development route instead.
   */
  function baiduSignIn() {
    var headers = { authorization: 'Bearer ' + config.token, 'content-type': 'application/json' }
    return fetch('/v1/dev/cloudDrive/signIn', { method: 'POST', headers: headers, body: '{}' })
      .then(function (res) {
        if (res.status === 404) return cloudDrive('grant')
        if (!res.ok) return log('host', 'cloud-drive sign-in failed', res.status)
        return res.json().then(function (reply) {
          var body = JSON.stringify({ code: reply.data.code })
          return fetch('/v1/cloudDrive/authorize', { method: 'POST', headers: headers, body: body }).then(function (auth) {
            log('host', 'cloudDrive/authorize', auth.status)
          })
        })
      })
      .catch(function (error) {
        log('host', 'cloud-drive sign-in failed', String(error))
      })
  }

  function receive(name, payload, via) {
    api.calls.push({ name: name, payload: payload, at: Date.now(), via: via })
    log(via, name, payload)
    // Native answers arrive asynchronously, after the call returns.
    setTimeout(function () {
      answer(name, payload)
    }, 30)
  }

  // ---- (b) the transports -------------------------------------------------------------------
  if (config.transport !== 'android') {
    window.webkit = window.webkit || {}
    window.webkit.messageHandlers = window.webkit.messageHandlers || {}
    CALL_NAMES.forEach(function (name) {
      window.webkit.messageHandlers[name] = {
        postMessage: function (payload) {
          receive(name, payload, 'ios')
        },
      }
    })
  }
  if (config.transport !== 'ios') {
    var bridge = {}
    CALL_NAMES.forEach(function (name) {
      bridge[name] = function (json) {
        var payload = json
        try {
          payload = json === undefined ? undefined : JSON.parse(json)
        } catch {
          /* keep the raw string */
        }
        receive(name, payload, 'android')
      }
    })
    window.KidsEnglishBridge = bridge
  }

  // ---- (e) the panel ------------------------------------------------------------------------
  var lines = []
  var open = false
  /** Folded into a thin tab at the edge (隐藏), for this tab's session. */
  var folded = readFolded()
  function readFolded() {
    try {
      return sessionStorage.getItem('fakeHostFolded') === '1'
    } catch {
      return false
    }
  }
  function setFolded(value) {
    folded = value
    try {
      sessionStorage.setItem('fakeHostFolded', value ? '1' : '0')
    } catch {
      /* storage refused: folded for this page only */
    }
  }
  var shadow = null
  var hostElement = null

  function log(via, name, payload) {
    var text
    try {
      text = payload === undefined ? '' : JSON.stringify(payload)
    } catch {
      text = String(payload)
    }
    if (text.length > 160) text = text.slice(0, 157) + '…'
    lines.push(new Date().toTimeString().slice(0, 8) + ' [' + via + '] ' + name + ' ' + text)
    if (lines.length > 60) lines.shift()
    render()
  }

  var CSS =
    ':host{all:initial}' +
    // Bottom left, above the pages' bottom bars (about 80 px with the safe area), at the very edge: small and
    // see-through over the content, and 隐藏 folds it into a thin tab.
    '.chip{position:fixed;left:0;bottom:calc(96px + env(safe-area-inset-bottom,0px));z-index:2147483647;' +
    'font:11px/1.4 system-ui,sans-serif;background:rgba(20,20,30,.5);color:#fff;border:0;border-radius:0 10px 10px 0;' +
    'padding:2px 7px 2px 5px;cursor:pointer;opacity:.7}' +
    '.chip.tab{width:9px;height:36px;padding:0;font-size:0}' +
    '.panel{position:fixed;left:8px;bottom:calc(124px + env(safe-area-inset-bottom,0px));z-index:2147483647;' +
    'width:min(340px,calc(100vw - 16px));max-height:calc(100vh - 200px);' +
    'display:flex;flex-direction:column;background:rgba(20,20,30,.88);color:#eee;border-radius:10px;' +
    'font:12px/1.4 ui-monospace,monospace;box-shadow:0 4px 16px rgba(0,0,0,.3)}' +
    '.bar{display:flex;flex-wrap:wrap;gap:4px;padding:6px}' +
    '.bar button{font:11px system-ui,sans-serif;border:0;border-radius:6px;padding:3px 6px;background:#3a3f55;color:#fff;cursor:pointer}' +
    '.log{overflow:auto;padding:0 8px 8px;white-space:pre-wrap;word-break:break-all}' +
    '.closed{position:fixed;inset:0;z-index:2147483646;background:rgba(0,0,0,.82);color:#fff;display:flex;' +
    'flex-direction:column;align-items:center;justify-content:center;gap:12px;font:16px system-ui,sans-serif}' +
    '.closed button{font:14px system-ui,sans-serif;padding:6px 14px;border-radius:8px;border:0;cursor:pointer}'

  function button(label, onClick) {
    var b = document.createElement('button')
    b.type = 'button'
    b.textContent = label
    b.addEventListener('click', onClick)
    return b
  }

  function render() {
    if (!shadow) return
    // Lets a screenshot hide the chip and panel but keep the "WebView closed" screen (tests/e2e).
    if (api.closed) hostElement.setAttribute('data-closed', '')
    else hostElement.removeAttribute('data-closed')
    shadow.innerHTML = ''
    var style = document.createElement('style')
    style.textContent = CSS
    shadow.appendChild(style)
    var chip = shadow.appendChild(
      button(folded ? 'App' : (open ? '▼ ' : '▲ ') + 'App · ' + api.calls.length, function () {
        if (folded) setFolded(false)
        else open = !open
        render()
      }),
    )
    chip.className = folded ? 'chip tab' : 'chip'
    chip.title = folded ? 'Fake host: show' : 'Fake host: calls and host messages'
    if (open) {
      var panel = document.createElement('div')
      panel.className = 'panel'
      var bar = document.createElement('div')
      bar.className = 'bar'
      bar.appendChild(
        button('visibleChange true', function () {
          send('visibleChange', { result: true })
        }),
      )
      bar.appendChild(
        button('visibleChange false', function () {
          send('visibleChange', { result: false })
        }),
      )
      bar.appendChild(
        button('backClick', function () {
          send('backClick')
        }),
      )
      bar.appendChild(
        button('userInfo', function () {
          send('userInfo', { token: config.token, user: config.user })
        }),
      )
      bar.appendChild(
        button('网盘授权过期', function () {
          cloudDrive('expire')
        }),
      )
      bar.appendChild(button('clear', api.clear))
      bar.appendChild(
        button('隐藏', function () {
          open = false
          setFolded(true)
          render()
        }),
      )
      panel.appendChild(bar)
      var list = document.createElement('div')
      list.className = 'log'
      list.textContent = lines.length ? lines.slice().reverse().join('\n') : '(no calls yet)'
      panel.appendChild(list)
      shadow.appendChild(panel)
    }
    if (api.closed) {
      var closed = document.createElement('div')
      closed.className = 'closed'
      closed.appendChild(document.createTextNode('WebView closed（页面已关闭：closeWebview）'))
      closed.appendChild(
        button('重新打开', function () {
          location.reload()
        }),
      )
      shadow.appendChild(closed)
    }
  }

  function mount() {
    var host = document.createElement('div')
    host.setAttribute('data-fake-host', '')
    // Hidden from the accessibility tree, and a closed shadow root: page CSS and tests' role
    // queries never see the panel.
    host.setAttribute('aria-hidden', 'true')
    document.documentElement.appendChild(host)
    hostElement = host
    shadow = host.attachShadow({ mode: 'closed' })
    render()
  }
  if (document.body) mount()
  else document.addEventListener('DOMContentLoaded', mount)
})()
