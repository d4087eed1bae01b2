/**
 * What a cover address (`imageUrl` of bookCreation/add and update) may be: empty, a picture the user
 * uploaded (`/uploads/<name>`, checked against the uploads by folder-service), or an absolute
 * http(s) URL. It is read as a browser resolves it, because the pages put it in an `<img src>`:
 * `/\evil.example/x.png` is a path here but `https://evil.example/x.png` to a browser.
 */
import { badRequest } from '../http/envelope'
import { isPublicHost } from './public-host'

/** A cover the rules accept. */
export type Cover = { kind: 'none' } | { kind: 'upload'; fileName: string } | { kind: 'external'; url: string }

export const COVER_MSG = {
  invalid: '封面地址无效',
  missing: '封面图片不存在，请重新上传',
  notImage: '封面只能是图片',
  notPublic: '封面地址不能指向本机或内网',
} as const

/** Any page of the site: a root-relative address resolves against its origin. */
const PAGE = new URL('https://pages.invalid/generate_book/create')

/** The name `POST /v1/upload` gives a file: 32 hex digits and the kind's extension. */
const UPLOAD_PATH = /^\/uploads\/([0-9a-f]{32}\.(?:png|jpg|webp|gif|pdf))$/

/**
 * Browsers drop tabs and line breaks anywhere in a URL and read `\` as `/` in http(s) URLs, and
 * controls, spaces or format characters (Cf: U+202E turns `gpj.evil` into what reads as `live.jpg`,
 * U+200B hides inside a name) never belong in one: any of them makes the text mean something other
 * than it shows, so it is refused rather than guessed.
 */
const AMBIGUOUS = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u

/** The cover `raw` stands for (trimmed; null and '' are none), or a 400 `封面地址无效`. */
export function parseCoverUrl(raw: string | null): Cover {
  const text = (raw ?? '').trim()
  if (!text) return { kind: 'none' }
  if (AMBIGUOUS.test(text)) throw badRequest(COVER_MSG.invalid)
  if (URL.canParse(text)) {
    // Absolute. `https:evil.example` parses as https://evil.example/ too: the scheme must be followed by `//`.
    const url = new URL(text)
    const web = (url.protocol === 'http:' || url.protocol === 'https:') && /^https?:\/\//i.test(text)
    if (!web || !url.hostname || url.username || url.password) throw badRequest(COVER_MSG.invalid)
    if (!isPublicHost(url.hostname)) throw badRequest(COVER_MSG.notPublic)
    return { kind: 'external', url: text }
  }
  let url: URL
  try {
    url = new URL(text, PAGE)
  } catch {
    throw badRequest(COVER_MSG.invalid)
  }
  // Relative: it must stay on the site (not `//host`) and name an upload exactly as written (no
  // `..`, no escapes, no query): what the browser fetches is then what was checked.
  const upload = UPLOAD_PATH.exec(text)
  if (url.origin !== PAGE.origin || !upload || url.pathname !== text) throw badRequest(COVER_MSG.invalid)
  return { kind: 'upload', fileName: upload[1]! }
}

/** The stored text of a cover ('' for none). */
export const coverText = (cover: Cover) => (cover.kind === 'none' ? '' : cover.kind === 'upload' ? `/uploads/${cover.fileName}` : cover.url)

/** The upload file name behind a stored cover address, or null. */
export const uploadOfCover = (imageUrl: string) => UPLOAD_PATH.exec(imageUrl)?.[1] ?? null
