/**
 * Baidu Netdisk's open platform (xpan) as a CloudDriveProvider: the OAuth 2.0 code exchange and
 * refresh of openapi.baidu.com, `nas?method=uinfo` for the account's name, `file?method=list` for a
 * folder, `multimedia?method=filemetas` (with `dlink=1`) for metadata and download links, and the
 * dlink download itself (the access token appended, `User-Agent: pan.baidu.com`, a 302 followed).
 * docs/server.md "The provider" says how errors, throttling and timeouts are handled.
 */
import { posix } from 'node:path'
import { pipeline, Readable, Transform } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { StartRefusal } from '../../start-refusal'
import {
  CloudDriveError,
  compareEntries,
  hasSuffix,
  type CloudDriveProvider,
  type CloudEntry,
  type CloudGrant,
  type CloudListing,
  type CloudTokens,
  type ListOptions,
} from '../provider'

/** `provider` of the grants this module makes and accepts. */
export const BAIDU_PROVIDER_NAME = 'baidu'
/** The user agent Baidu's docs require for the pan API and dlink downloads. */
export const BAIDU_USER_AGENT = 'pan.baidu.com'

export interface BaiduConfig {
  clientId: string
  clientSecret: string
  /** The redirect URI registered for the app; the code exchange must name the one the sign-in used. */
  redirectUri: string
  /** `https://openapi.baidu.com` (OAuth). */
  oauthUrl: string
  /** `https://pan.baidu.com` (the xpan API). */
  panUrl: string
  /** Every call's limit until its reply's headers (and its JSON body) arrived. */
  timeoutMs: number
  /** Longest pause between two bytes of a download. */
  readIdleMs: number
  /** Tries after a throttled (errno 31034, HTTP 429) or failed (5xx) call, before `unavailable`. */
  retries: number
  /** The first retry's pause; each next one doubles (a `Retry-After` up to 4× this is honoured instead). */
  backoffMs: number
}

export const DEFAULT_BAIDU_TIMINGS = { timeoutMs: 10_000, readIdleMs: 30_000, retries: 3, backoffMs: 500 }

/** Entries one `file?method=list` call asks for (Baidu's docs advise at most 1000). */
export const LIST_PAGE = 1000
/** Most entries of one folder read (10 list calls); a larger folder lists its first ones. */
export const MAX_FOLDER_ENTRIES = 10_000
/** fsids per filemetas call (Baidu's limit is 100). */
const METAS_PAGE = 100
/** How long a folder read serves the next pages of the same listing (the page pages, the import re-reads). */
const FOLDER_CACHE_MS = 15_000
const FOLDER_CACHE_SIZE = 200

/**
 * The configuration of BAIDU_* in `env`: null when none of it is set; a StartRefusal (one line) when it
 * is incomplete or a URL is not one.
 */
export function baiduConfigFromEnv(env: NodeJS.ProcessEnv = process.env): BaiduConfig | null {
  const required = ['BAIDU_CLIENT_ID', 'BAIDU_CLIENT_SECRET', 'BAIDU_REDIRECT_URI'] as const
  const named = [...required, 'BAIDU_OAUTH_URL', 'BAIDU_PAN_URL'].filter((name) => env[name])
  if (named.length === 0) return null
  const missing = required.filter((name) => !env[name])
  if (missing.length > 0) throw new StartRefusal(`the Baidu Netdisk provider needs ${missing.join(', ')} too (it has ${named.join(', ')})`)
  const url = (name: string, fallback: string) => {
    const value = env[name] || fallback
    let parsed: URL
    try {
      parsed = new URL(value)
    } catch {
      throw new StartRefusal(`${name} must be an http(s) URL: ${value}`)
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new StartRefusal(`${name} must be an http(s) URL: ${value}`)
    return value.replace(/\/+$/, '')
  }
  return {
    clientId: env.BAIDU_CLIENT_ID!,
    clientSecret: env.BAIDU_CLIENT_SECRET!,
    redirectUri: env.BAIDU_REDIRECT_URI!,
    oauthUrl: url('BAIDU_OAUTH_URL', 'https://openapi.baidu.com'),
    panUrl: url('BAIDU_PAN_URL', 'https://pan.baidu.com'),
    ...DEFAULT_BAIDU_TIMINGS,
  }
}

/** errno of the pan API that mean the access token is no good (-6 identity failed, 110 invalid, 111 expired). */
const AUTH_ERRNOS = new Set([-6, 110, 111])
/** errno that mean no such file or folder (-7 bad name or no access, -9 missing, 31066 missing). */
const MISSING_ERRNOS = new Set([-7, -9, 31066])
/** errno of the frequency limit. */
const THROTTLE_ERRNO = 31034

interface PanReply {
  errno?: number
  error_code?: number
  errmsg?: string
  error_msg?: string
  [key: string]: unknown
}

interface BaiduFile {
  fs_id: number | string
  path: string
  server_filename?: string
  filename?: string
  isdir: number
  size?: number
  server_mtime?: number
  dlink?: string
}

interface TokenReply {
  access_token?: string
  refresh_token?: string
  expires_in?: number
  error?: string
  error_description?: string
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(done, ms)
    function done() {
      signal?.removeEventListener('abort', stop)
      resolve()
    }
    function stop() {
      clearTimeout(timer)
      reject(signal!.reason as Error)
    }
    signal?.addEventListener('abort', stop, { once: true })
  })

const errnoOf = (reply: PanReply) => reply.errno ?? reply.error_code ?? 0

/** A pan reply's error as a CloudDriveError, or null when it succeeded. */
function panError(reply: PanReply, what: string): CloudDriveError | null {
  const errno = errnoOf(reply)
  if (errno === 0) return null
  const detail = `${what}: errno ${errno} ${reply.errmsg ?? reply.error_msg ?? ''}`.trim()
  if (AUTH_ERRNOS.has(errno)) return new CloudDriveError('auth-expired', detail)
  if (MISSING_ERRNOS.has(errno)) return new CloudDriveError('not-found', detail)
  return new CloudDriveError('unavailable', detail)
}

function toEntry(file: BaiduFile): CloudEntry {
  const path = String(file.path)
  return {
    fsId: String(file.fs_id),
    path,
    name: file.server_filename ?? file.filename ?? posix.basename(path),
    isDir: Number(file.isdir) === 1,
    size: Number(file.isdir) === 1 ? 0 : Math.max(0, Number(file.size) || 0),
    mtime: new Date((Number(file.server_mtime) || 0) * 1000),
  }
}

/** The Baidu Netdisk provider over `config` (real endpoints, or a stand-in's). */
export function createBaiduProvider(config: BaiduConfig): CloudDriveProvider {
  const folderCache = new Map<string, { at: number; entries: Promise<CloudEntry[]> }>()
  const panHost = new URL(config.panUrl).host

  /**
   * One GET with the timeouts and the retries: `attempt` reads the reply and says 'retry' for a
   * throttled one. Network errors and timeouts are `unavailable` at once (a slow drive is not hammered).
   */
  async function send<T>(
    url: string,
    what: string,
    attempt: (response: Response) => Promise<T | 'retry'>,
    {
      signal,
      retryServerErrors = true,
      bodyTimeout = true,
    }: { signal?: AbortSignal; retryServerErrors?: boolean; bodyTimeout?: boolean } = {},
  ): Promise<T> {
    for (let tries = 0; ; tries++) {
      const timeout = new AbortController()
      const timer = setTimeout(() => timeout.abort(new Error(`${what}: no reply within ${config.timeoutMs} ms`)), config.timeoutMs)
      const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal
      let retryAfterMs: number
      let outcome: T | 'retry'
      try {
        const response = await fetch(url, { headers: { 'user-agent': BAIDU_USER_AGENT }, signal: combined, redirect: 'follow' })
        if (!bodyTimeout) clearTimeout(timer)
        retryAfterMs = Number(response.headers.get('retry-after')) * 1000 || 0
        if (response.status === 429 || (retryServerErrors && response.status >= 500)) {
          await response.body?.cancel().catch(() => undefined)
          outcome = 'retry'
        } else {
          outcome = await attempt(response)
        }
      } catch (error) {
        if (signal?.aborted) throw error
        if (error instanceof CloudDriveError) throw error
        throw new CloudDriveError(
          'unavailable',
          `${what}: ${timeout.signal.aborted ? (timeout.signal.reason as Error).message : (error as Error).message}`,
        )
      } finally {
        clearTimeout(timer)
      }
      if (outcome !== 'retry') return outcome
      if (tries >= config.retries) throw new CloudDriveError('unavailable', `${what}: still throttled or failing after ${tries + 1} tries`)
      const pause = config.backoffMs * 2 ** tries
      await sleep(retryAfterMs > 0 ? Math.min(retryAfterMs, 4 * config.backoffMs * 2 ** tries) : pause * (0.75 + Math.random() / 2), signal)
    }
  }

  /** A pan API call answering JSON: errno 31034 is retried, any other error thrown as its kind. */
  const panGet = <T extends PanReply>(path: string, params: Record<string, string>, what: string, signal?: AbortSignal) =>
    send<T>(
      `${config.panUrl}${path}?${new URLSearchParams(params)}`,
      what,
      async (response) => {
        const reply = (await response.json().catch(() => null)) as T | null
        if (!reply || typeof reply !== 'object') throw new CloudDriveError('unavailable', `${what}: HTTP ${response.status}, no JSON`)
        if (errnoOf(reply) === THROTTLE_ERRNO) return 'retry'
        const error = panError(reply, what)
        if (error) throw error
        return reply
      },
      { signal },
    )

  /**
   * The token endpoint. Never retried on a 5xx: a code or refresh token is single-use, and a reply
   * lost after Baidu used it would make the retry fail anyway. invalid_grant (and a refused request)
   * is `auth-expired`; anything else, our configuration included, `unavailable`.
   */
  const token = (params: Record<string, string>, what: string): Promise<CloudTokens> =>
    send(
      `${config.oauthUrl}/oauth/2.0/token?${new URLSearchParams({ ...params, client_id: config.clientId, client_secret: config.clientSecret })}`,
      what,
      async (response) => {
        const reply = (await response.json().catch(() => null)) as TokenReply | null
        if (reply?.access_token && reply.refresh_token && Number(reply.expires_in) > 0) {
          return {
            accessToken: reply.access_token,
            refreshToken: reply.refresh_token,
            expiresAt: new Date(Date.now() + Number(reply.expires_in) * 1000),
          }
        }
        const detail = `${what}: HTTP ${response.status} ${reply?.error ?? ''} ${reply?.error_description ?? ''}`.trim()
        if (reply?.error === 'invalid_grant' || reply?.error === 'expired_token') throw new CloudDriveError('auth-expired', detail)
        throw new CloudDriveError('unavailable', detail)
      },
      { retryServerErrors: false },
    )

  const checkGrant = (grant: CloudGrant) => {
    if (grant.provider !== BAIDU_PROVIDER_NAME) throw new CloudDriveError('auth-expired', `a ${grant.provider} grant`)
  }

  /** Every entry of the folder `dir` (at most MAX_FOLDER_ENTRIES), read page by page. */
  async function readFolder(grant: CloudGrant, dir: string): Promise<CloudEntry[]> {
    const entries: CloudEntry[] = []
    for (let start = 0; start < MAX_FOLDER_ENTRIES; start += LIST_PAGE) {
      const reply = await panGet<PanReply & { list?: BaiduFile[] }>(
        '/rest/2.0/xpan/file',
        {
          method: 'list',
          access_token: grant.accessToken,
          dir,
          order: 'name',
          start: String(start),
          limit: String(LIST_PAGE),
          web: '0',
          folder: '0',
        },
        `list ${dir}`,
      )
      const page = Array.isArray(reply.list) ? reply.list : []
      entries.push(...page.map(toEntry))
      // `list` has no has_more: a page shorter than asked for is the last one.
      if (page.length < LIST_PAGE) break
    }
    return entries
  }

  function folder(grant: CloudGrant, dir: string): Promise<CloudEntry[]> {
    const key = `${grant.accessToken}\n${dir}`
    const now = Date.now()
    const cached = folderCache.get(key)
    if (cached && now - cached.at < FOLDER_CACHE_MS) return cached.entries
    for (const [k, v] of folderCache) if (now - v.at >= FOLDER_CACHE_MS || folderCache.size >= FOLDER_CACHE_SIZE) folderCache.delete(k)
    const entries = readFolder(grant, dir)
    folderCache.set(key, { at: now, entries })
    entries.catch(() => folderCache.delete(key))
    return entries
  }

  async function metas(grant: CloudGrant, fsIds: readonly string[], dlink: boolean, signal?: AbortSignal): Promise<BaiduFile[]> {
    const ids = fsIds.filter((id) => /^[1-9][0-9]{0,19}$/.test(id))
    const found: BaiduFile[] = []
    for (let i = 0; i < ids.length; i += METAS_PAGE) {
      const params: Record<string, string> = {
        method: 'filemetas',
        access_token: grant.accessToken,
        fsids: `[${ids.slice(i, i + METAS_PAGE).join(',')}]`,
      }
      if (dlink) params.dlink = '1'
      try {
        const reply = await panGet<PanReply & { list?: BaiduFile[] }>('/rest/2.0/xpan/multimedia', params, 'filemetas', signal)
        if (Array.isArray(reply.list)) found.push(...reply.list)
      } catch (error) {
        // None of these ids is in the drive: they are simply absent.
        if (!(error instanceof CloudDriveError && error.kind === 'not-found')) throw error
      }
    }
    return found
  }

  /** A dlink Baidu gave; only its own hosts (or the configured pan host) ever see the access token. */
  function checkedDlink(dlink: string): URL {
    let url: URL
    try {
      url = new URL(dlink)
    } catch {
      throw new CloudDriveError('read-failed', `not a URL: ${dlink}`)
    }
    const ours =
      url.host === panHost || (url.protocol === 'https:' && (url.hostname === 'baidu.com' || url.hostname.endsWith('.baidu.com')))
    if (!ours) throw new CloudDriveError('read-failed', `a dlink to another host: ${url.host}`)
    return url
  }

  /**
   * The download as a stream (Buffers) that errors when no byte came for readIdleMs, or when `signal`
   * aborts. Nothing is read before the caller reads (no 'data' listener of our own).
   */
  function idleLimited(body: WebReadableStream<Uint8Array>, signal: AbortSignal, what: string): Readable {
    const source = Readable.fromWeb(body, { signal })
    let timer: NodeJS.Timeout | undefined
    const watch = new Transform({
      transform(chunk: Uint8Array, _encoding, done) {
        arm()
        done(null, Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
      },
    })
    function arm() {
      clearTimeout(timer)
      timer = setTimeout(
        () => watch.destroy(new CloudDriveError('read-failed', `${what}: no bytes for ${config.readIdleMs} ms`)),
        config.readIdleMs,
      )
    }
    arm()
    pipeline(source, watch, () => clearTimeout(timer))
    watch.once('close', () => {
      clearTimeout(timer)
      source.destroy()
    })
    return watch
  }

  return {
    name: BAIDU_PROVIDER_NAME,
    signInUrl: `${config.oauthUrl}/oauth/2.0/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: config.redirectUri,
      scope: 'basic,netdisk',
      display: 'mobile',
    })}`,

    async authorize(code: string) {
      const tokens = await token({ grant_type: 'authorization_code', code, redirect_uri: config.redirectUri }, 'code exchange')
      const info = await panGet<PanReply & { netdisk_name?: string; baidu_name?: string }>(
        '/rest/2.0/xpan/nas',
        { method: 'uinfo', access_token: tokens.accessToken },
        'uinfo',
      )
      const accountName = String(info.netdisk_name || info.baidu_name || '百度网盘用户').slice(0, 100)
      return { provider: BAIDU_PROVIDER_NAME, accountName, ...tokens }
    },

    async refresh(grant: CloudGrant) {
      checkGrant(grant)
      return token({ grant_type: 'refresh_token', refresh_token: grant.refreshToken }, 'refresh')
    },

    async list(grant: CloudGrant, dir: string, { suffix, start, limit }: ListOptions): Promise<CloudListing> {
      checkGrant(grant)
      const all = (await folder(grant, dir)).filter((e) => e.isDir || hasSuffix(e.name, suffix)).sort(compareEntries)
      return { entries: all.slice(start, start + limit), hasMore: all.length > start + limit }
    },

    async stat(grant: CloudGrant, fsIds: readonly string[]): Promise<Map<string, CloudEntry>> {
      checkGrant(grant)
      const wanted = new Set(fsIds)
      const found = new Map<string, CloudEntry>()
      for (const file of await metas(grant, fsIds, false)) {
        const entry = toEntry(file)
        if (wanted.has(entry.fsId)) found.set(entry.fsId, entry)
      }
      return found
    },

    async read(grant: CloudGrant, fsId: string, signal: AbortSignal): Promise<Readable> {
      checkGrant(grant)
      const [file] = (await metas(grant, [fsId], true, signal)).filter((f) => String(f.fs_id) === fsId)
      if (!file) throw new CloudDriveError('not-found', `no file ${fsId}`)
      if (Number(file.isdir) === 1 || !file.dlink) throw new CloudDriveError('read-failed', `${file.path} has no download link`)
      const url = checkedDlink(file.dlink)
      url.searchParams.set('access_token', grant.accessToken)
      const what = `download ${file.path}`
      return send(
        url.href,
        what,
        async (response) => {
          if (response.ok && response.body) return idleLimited(response.body as WebReadableStream<Uint8Array>, signal, what)
          const reply = (await response.json().catch(() => null)) as PanReply | null
          const error = reply ? panError(reply, what) : null
          if (error?.kind === 'auth-expired') throw error
          throw new CloudDriveError('read-failed', `${what}: HTTP ${response.status}${error ? ` (${error.message})` : ''}`)
        },
        { signal, bodyTimeout: false },
      )
    },
  }
}

/** The provider of a production start without BAIDU_*: every cloud-drive call answers 503 (routes). */
export const NO_DRIVE_NAME = 'none'

export function noDriveProvider(): CloudDriveProvider {
  const refuse = async (): Promise<never> => {
    throw new CloudDriveError('unavailable', 'no cloud drive is configured (BAIDU_*)')
  }
  return { name: NO_DRIVE_NAME, list: refuse, stat: refuse, read: refuse, authorize: refuse }
}
