/**
 * What leaves the phone is cleaned here, once, whoever recorded it (docs/telemetry.md "Privacy"): no
 * query string, no run of digits that could be a phone number or an id, no token-like run, nothing past
 * TELEMETRY_MAX_TEXT characters. Pure; never throws.
 */
import { TELEMETRY_MAX_TEXT } from '../../common/telemetry/report'

const CUT = '…'

/** A query or a fragment, of a URL or quoted alone (`?r=…&token=…`, `#access_token=…`), up to a space or a quote. */
const QUERY = /[?#][^\s'"<>()]+/g
/**
 * What could say who someone is: 16 or more letters, digits, `-`, `_` or `.` in a row (a token, a share
 * code, a signature), 7 or more digits split by single spaces or dashes (a phone number as typed), or 5
 * or more digits in a row (an id). A file the build names `name-<8 character hash>.ext` is public and
 * kept (its hash has a letter: `user-13800138.png` is no build file).
 */
const PRIVATE = /[\w.-]{16,}|\+?\d(?:[ -]?\d){6,}|\d{5,}/g
const BUILD_FILE = /^[\w.-]*-(?=[\w-]{0,7}[a-z])[\w-]{8}\.(?:js|css|svg|png|jpe?g|webp|gif|woff2?)$/i
const hide = (text: string) => text.replace(PRIVATE, (run) => (BUILD_FILE.test(run) ? run : CUT))

const cut = (text: string) => (text.length > TELEMETRY_MAX_TEXT ? text.slice(0, TELEMETRY_MAX_TEXT - 1) + CUT : text)

/** A message as it may leave the phone: queries, fragments and private runs replaced, at most 200 characters. */
export function scrubText(value: string | undefined): string {
  return cut(
    hide(
      String(value ?? '')
        .slice(0, 2000)
        .replace(QUERY, CUT),
    )
      .replace(/\s+/g, ' ')
      .trim(),
  )
}

/** The path of `url` (absolute, or a path), without origin, query or fragment; '' when there is none. */
function pathOf(url: string): string {
  const bare = url.trim().split(/[?#]/)[0]!
  const path = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(.*)$/i.exec(bare)?.[1] ?? bare
  return path.replace(/\s+/g, '')
}

/** A file or page path as it may leave the phone: no origin, query or fragment, no private run. */
export function scrubPath(value: unknown): string {
  if (typeof value !== 'string' || /^(data|blob|javascript):/i.test(value.trim())) return ''
  return cut(hide(pathOf(value)))
}

/** A `file:line:col` in a stack trace (Chrome's `at f (url:1:2)`, WebKit's and Firefox's `f@url:1:2`). */
const FRAME = /((?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s()@'"]*?):(\d+):(\d+)/i

/** The first frame of a stack trace (or of a frame already cut out) as `path:line:col`; '' when it has none. */
export function scrubFrame(stack: unknown): string {
  if (typeof stack !== 'string') return ''
  const found = FRAME.exec(stack.slice(0, 4000))
  return found ? cut(`${scrubPath(found[1]!)}:${found[2]}:${found[3]}`) : ''
}

/** API versions (`v1`) are kept; any other segment with a digit, a `%`, an unusual character or 16+ characters is an id. */
const ID_SEGMENT = /\d|%|[^\w.-]|^.{16,}$/

/** An API path as its template (`/v1/directory/7` → `/v1/directory/:id`): no origin, query or ids. */
export function endpointTemplate(value: string | undefined): string {
  const path = pathOf(String(value ?? ''))
  const template = path
    .split('/')
    .map((segment, i) => (i === 0 || (i === 1 && /^v\d+$/.test(segment)) || !ID_SEGMENT.test(segment) ? segment : ':id'))
    .join('/')
  return (template.startsWith('/') ? template : `/${template}`).slice(0, 100)
}
