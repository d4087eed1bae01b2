/**
 * A local stand-in for Baidu's OAuth (openapi.baidu.com) and xpan API (pan.baidu.com), answering as
 * their public docs show, for the tests and for the fake host's real sign-in flow:
 *   GET  /oauth/2.0/authorize   a user who approves at once: 302 to `redirect_uri?code=…`
 *   GET|POST /oauth/2.0/token   authorization_code / refresh_token (each code and refresh token single-use;
 *                               invalid_client 401, invalid_grant 400)
 *   GET  /rest/2.0/xpan/nas?method=uinfo
 *   GET  /rest/2.0/xpan/file?method=list          dir, order=name, start, limit (errno -9: no such folder)
 *   GET  /rest/2.0/xpan/multimedia?method=filemetas   fsids=[…], dlink=1
 *   GET  /file/<fs_id>?sign=…   the dlink: needs `access_token` and `User-Agent: pan.baidu.com`; 302 to the bytes
 * The pan API answers errno -6 for an unknown token and 111 for an expired one. Faults (`fail`) make the
 * next calls of an endpoint throttled (errno 31034 or HTTP 429), a 5xx, or slow.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { posix } from 'node:path'
import { DEFAULT_BAIDU_TIMINGS, type BaiduConfig } from './baidu-provider'

export type StandInEndpoint = 'authorize' | 'token' | 'uinfo' | 'list' | 'filemetas' | 'dlink' | 'bytes'

export interface StandInFault {
  endpoint: StandInEndpoint
  /** errno 31034 in a 200, HTTP 429, HTTP 500, or a reply held back `delayMs`. */
  kind: 'throttle' | 'http-429' | 'http-500' | 'slow'
  /** How many calls it hits (default 1). */
  times?: number
  delayMs?: number
}

export interface StandInOptions {
  clientId?: string
  clientSecret?: string
  redirectUri?: string
  /** Seconds an access token lives (Baidu: 30 days). */
  accessTokenSeconds?: number
  /** The drive: path → bytes (a file) or 'dir'. Parent folders are made as needed. */
  files?: Record<string, Buffer | 'dir'>
  accountName?: string
  /** A download sends its bytes in this many pieces, `chunkDelayMs` apart (to test aborts and idle limits). */
  chunks?: number
  chunkDelayMs?: number
  /** The port to listen on (default 0: a free one). */
  port?: number
}

interface Node {
  fsId: number
  path: string
  isDir: boolean
  bytes: Buffer | null
  mtime: number
}

interface AccessToken {
  expiresAt: number
}

export interface BaiduStandIn {
  /** `http://127.0.0.1:<port>`: both BAIDU_OAUTH_URL and BAIDU_PAN_URL. */
  url: string
  clientId: string
  clientSecret: string
  redirectUri: string
  /** A provider's settings for this stand-in: its app, its URLs, the default timings (`timings` changes some). */
  config(timings?: Partial<Pick<BaiduConfig, 'timeoutMs' | 'readIdleMs' | 'retries' | 'backoffMs'>>): BaiduConfig
  /** The same as a server's environment (`BAIDU_*`: server/cloud-drive/baidu/baidu-provider.ts `baiduConfigFromEnv`). */
  env(): Record<string, string>
  /** A fresh authorization code, as the sign-in gives the host. */
  issueCode(): string
  /** Adds a fault to the next calls of an endpoint. */
  fail(fault: StandInFault): void
  /** Drops the faults not used up. */
  clearFaults(): void
  /** The fs_id of a path. */
  fsIdOf(path: string): string
  /** Every call, by endpoint, in order. */
  calls: StandInEndpoint[]
  /** Makes every access token issued so far expired (errno 111), or unknown (errno -6 when `revoke`). */
  expireAccessTokens(revoke?: boolean): void
  /** Refresh tokens presented, with whether they were accepted. */
  refreshes: { token: string; accepted: boolean }[]
  close(): Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const requestId = () => Number.parseInt(randomBytes(6).toString('hex'), 16)

export async function startBaiduStandIn(options: StandInOptions = {}): Promise<BaiduStandIn> {
  const clientId = options.clientId ?? 'stand-in-client'
  const clientSecret = options.clientSecret ?? 'stand-in-secret'
  const redirectUri = options.redirectUri ?? 'oob'
  const accessSeconds = options.accessTokenSeconds ?? 30 * 86_400
  const nodes = new Map<string, Node>()
  let nextFsId = 400_000_000_000_001
  const add = (path: string, bytes: Buffer | null) => {
    if (path === '/' || nodes.has(path)) return
    add(posix.dirname(path), null)
    nodes.set(path, { fsId: nextFsId++, path, isDir: bytes === null, bytes, mtime: 1_700_000_000 + nodes.size })
  }
  for (const [path, content] of Object.entries(options.files ?? {})) add(path, content === 'dir' ? null : content)
  const byFsId = () => new Map([...nodes.values()].map((n) => [String(n.fsId), n]))

  const codes = new Map<string, { used: boolean; at: number }>()
  const access = new Map<string, AccessToken>()
  const refreshTokens = new Map<string, { used: boolean }>()
  const dlinkSigns = new Map<string, number>()
  const faults: (StandInFault & { left: number })[] = []
  const calls: StandInEndpoint[] = []
  const refreshes: { token: string; accepted: boolean }[] = []

  const issueTokens = () => {
    const accessToken = `121.${randomBytes(16).toString('hex')}.${accessSeconds}.stand-in`
    const refreshToken = `122.${randomBytes(16).toString('hex')}.stand-in`
    access.set(accessToken, { expiresAt: Date.now() + accessSeconds * 1000 })
    refreshTokens.set(refreshToken, { used: false })
    return {
      expires_in: accessSeconds,
      refresh_token: refreshToken,
      access_token: accessToken,
      session_secret: '',
      session_key: '',
      scope: 'basic netdisk',
    }
  }

  /** The pan API's answer for a token that does not pass, or null when it does. */
  const tokenError = (token: string | null) => {
    const known = token ? access.get(token) : undefined
    if (!known) return { errno: -6, errmsg: 'identity verification failed', request_id: requestId() }
    if (known.expiresAt <= Date.now()) return { errno: 111, errmsg: 'access token expired', request_id: requestId() }
    return null
  }

  /** Applies the next fault of `endpoint`; true when it answered the request. */
  const faulted = async (endpoint: StandInEndpoint, res: ServerResponse): Promise<boolean> => {
    const fault = faults.find((f) => f.endpoint === endpoint && f.left > 0)
    if (!fault) return false
    fault.left--
    if (fault.kind === 'slow') {
      await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 5_000))
      return false
    }
    if (fault.kind === 'throttle') json(res, 200, { errno: 31034, errmsg: 'hit frequency limit', request_id: requestId() })
    else if (fault.kind === 'http-429') json(res, 429, { error_code: 31034, error_msg: 'hit frequency limit' })
    else json(res, 500, { error_code: 31212, error_msg: 'service unavailable' })
    return true
  }

  const entry = (node: Node, dlink: boolean) => ({
    fs_id: node.fsId,
    path: node.path,
    server_filename: posix.basename(node.path),
    filename: posix.basename(node.path),
    isdir: node.isDir ? 1 : 0,
    size: node.bytes?.length ?? 0,
    server_mtime: node.mtime,
    server_ctime: node.mtime,
    local_mtime: node.mtime,
    category: node.isDir ? 6 : 4,
    ...(dlink && !node.isDir ? { dlink: dlinkFor(node) } : {}),
  })

  let base = ''
  const dlinkFor = (node: Node) => {
    const sign = randomBytes(8).toString('hex')
    dlinkSigns.set(sign, node.fsId)
    return `${base}/file/${node.fsId}?fid=${node.fsId}&dstime=${Math.floor(Date.now() / 1000)}&rt=sh&sign=${sign}&expires=8h&chkv=1`
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base)
    let q = url.searchParams
    if (req.method === 'POST') {
      let body = ''
      for await (const chunk of req) body += String(chunk)
      q = new URLSearchParams([...q, ...new URLSearchParams(body)])
    }
    const method = q.get('method')

    if (url.pathname === '/oauth/2.0/authorize') {
      calls.push('authorize')
      if (await faulted('authorize', res)) return
      if (q.get('client_id') !== clientId || q.get('redirect_uri') !== redirectUri) return json(res, 400, { error: 'invalid_client' })
      const target = new URL(redirectUri === 'oob' ? `${base}/oauth/2.0/login_success` : redirectUri)
      target.searchParams.set('code', issueCode())
      res.writeHead(302, { location: target.href })
      return res.end()
    }

    if (url.pathname === '/oauth/2.0/token') {
      calls.push('token')
      if (await faulted('token', res)) return
      if (q.get('client_id') !== clientId || q.get('client_secret') !== clientSecret) {
        return json(res, 401, { error: 'invalid_client', error_description: 'unknown client id' })
      }
      if (q.get('grant_type') === 'authorization_code') {
        const code = codes.get(q.get('code') ?? '')
        if (!code || code.used || Date.now() - code.at > 600_000) {
          return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid authorization code: ' + q.get('code') })
        }
        if (q.get('redirect_uri') !== redirectUri)
          return json(res, 400, { error: 'redirect_uri_mismatch', error_description: 'Invalid redirect uri' })
        code.used = true
        return json(res, 200, issueTokens())
      }
      if (q.get('grant_type') === 'refresh_token') {
        const presented = q.get('refresh_token') ?? ''
        const known = refreshTokens.get(presented)
        refreshes.push({ token: presented, accepted: !!known && !known.used })
        if (!known || known.used) return json(res, 400, { error: 'expired_token', error_description: 'refresh token has been used' })
        known.used = true
        return json(res, 200, issueTokens())
      }
      return json(res, 400, { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported' })
    }

    if (url.pathname === '/rest/2.0/xpan/nas' && method === 'uinfo') {
      calls.push('uinfo')
      if (await faulted('uinfo', res)) return
      const error = tokenError(q.get('access_token'))
      if (error) return json(res, 200, error)
      const name = options.accountName ?? '小明的网盘'
      return json(res, 200, {
        avatar_url: '',
        baidu_name: name,
        errmsg: 'succ',
        errno: 0,
        netdisk_name: name,
        request_id: String(requestId()),
        uk: 2_966_475_913,
        vip_type: 0,
      })
    }

    if (url.pathname === '/rest/2.0/xpan/file' && method === 'list') {
      calls.push('list')
      if (await faulted('list', res)) return
      const error = tokenError(q.get('access_token'))
      if (error) return json(res, 200, error)
      const dir = q.get('dir') ?? '/'
      if (dir !== '/' && !nodes.get(dir)?.isDir) return json(res, 200, { errno: -9, request_id: requestId() })
      const start = Number(q.get('start') ?? 0)
      const limit = Math.min(Number(q.get('limit') ?? 1000), 10_000)
      // order=name: folders first, then files, by name as bytes.
      const children = [...nodes.values()]
        .filter((n) => posix.dirname(n.path) === dir)
        .sort((a, b) => Number(b.isDir) - Number(a.isDir) || (a.path < b.path ? -1 : 1))
      return json(res, 200, {
        errno: 0,
        guid_info: '',
        list: children.slice(start, start + limit).map((n) => entry(n, false)),
        request_id: requestId(),
        guid: 0,
      })
    }

    if (url.pathname === '/rest/2.0/xpan/multimedia' && method === 'filemetas') {
      calls.push('filemetas')
      if (await faulted('filemetas', res)) return
      const error = tokenError(q.get('access_token'))
      if (error) return json(res, 200, error)
      let ids: unknown
      try {
        ids = JSON.parse(q.get('fsids') ?? '')
      } catch {
        ids = null
      }
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100)
        return json(res, 200, { errno: 2, errmsg: 'param error', request_id: requestId() })
      const index = byFsId()
      const list = ids.map((id) => index.get(String(id))).filter((n): n is Node => !!n)
      return json(res, 200, {
        errmsg: 'succ',
        errno: 0,
        list: list.map((n) => entry(n, q.get('dlink') === '1')),
        names: {},
        request_id: String(requestId()),
      })
    }

    const file = /^\/file\/([0-9]+)$/.exec(url.pathname)
    if (file) {
      calls.push('dlink')
      if (await faulted('dlink', res)) return
      if (req.headers['user-agent'] !== 'pan.baidu.com')
        return json(res, 403, { error_code: 31326, error_msg: 'user is not authorized, hitcode:119' })
      const error = tokenError(q.get('access_token'))
      if (error) return json(res, 403, error)
      if (dlinkSigns.get(q.get('sign') ?? '') !== Number(file[1])) return json(res, 403, { error_code: 31045, error_msg: 'sign error' })
      res.writeHead(302, { location: `${base}/bytes/${file[1]}?t=${randomBytes(6).toString('hex')}` })
      return res.end()
    }

    const bytes = /^\/bytes\/([0-9]+)$/.exec(url.pathname)
    if (bytes) {
      calls.push('bytes')
      if (await faulted('bytes', res)) return
      const node = byFsId().get(bytes[1]!)
      if (!node?.bytes) return json(res, 404, { error_code: 31066, error_msg: 'file does not exist' })
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': node.bytes.length })
      const pieces = Math.max(1, options.chunks ?? 1)
      const size = Math.ceil(node.bytes.length / pieces)
      for (let i = 0; i < node.bytes.length && !res.destroyed; i += size) {
        if (i > 0 && options.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs))
        if (!res.destroyed) res.write(node.bytes.subarray(i, i + size))
      }
      return res.end()
    }

    json(res, 404, { error_code: 3, error_msg: 'Unsupported openapi method' })
  }

  function issueCode() {
    const code = randomBytes(16).toString('hex')
    codes.set(code, { used: false, at: Date.now() })
    return code
  }

  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error_code: 31212, error_msg: 'service unavailable' })
      else res.destroy()
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    clientId,
    clientSecret,
    redirectUri,
    config: (timings = {}) => ({ clientId, clientSecret, redirectUri, oauthUrl: base, panUrl: base, ...DEFAULT_BAIDU_TIMINGS, ...timings }),
    env: () => ({
      BAIDU_CLIENT_ID: clientId,
      BAIDU_CLIENT_SECRET: clientSecret,
      BAIDU_REDIRECT_URI: redirectUri,
      BAIDU_OAUTH_URL: base,
      BAIDU_PAN_URL: base,
    }),
    issueCode,
    fail: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    clearFaults: () => {
      faults.length = 0
    },
    fsIdOf: (path) => {
      const node = nodes.get(path)
      if (!node) throw new Error(`no stand-in entry ${path}`)
      return String(node.fsId)
    },
    calls,
    refreshes,
    expireAccessTokens: (revoke = false) => {
      for (const [token, value] of access) {
        if (revoke) access.delete(token)
        else value.expiresAt = 0
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
