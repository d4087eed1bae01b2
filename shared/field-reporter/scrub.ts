/**
 * What leaves the phone is cleaned here, once, whoever recorded it (docs/telemetry.md "Privacy"):
 * private by pattern, readable by design. Out go every value of the page's own URL (its query and
 * fragment, whatever their length: hideValuesOf), any other URL's query or fragment, and anything shaped
 * like a secret; plain words and code names stay (`getBoundingClientRect`, `field-probe-error`), and so
 * does a build file's name (`core-C3BH3PyR.js`: public, and what a chunk failure must name). Nothing
 * past TELEMETRY_MAX_TEXT characters. Never throws.
 */
import { TELEMETRY_MAX_TEXT } from '../../common/telemetry/report'

const CUT = '…'

/** A query or a fragment, of a URL or quoted alone (`?r=…&token=…`, `#access_token=…`), up to a space or a quote. */
const QUERY = /[?#][^\s'"<>()]+/g

/**
 * Shaped like a secret, in this order: a JWT (`eyJ…`), an e-mail address, a phone number as typed (7 or
 * more digits, single spaces or dashes between), base64 with its padding, a run of letters, digits, `_`
 * and `-` (a word: judged by SECRET_WORD), 5 or more digits.
 */
const SECRET = /eyJ[\w-]+(?:\.[\w-]*)*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d(?:[ -]?\d){6,}|[A-Za-z\d+/]{6,}={1,2}|([\w-]{6,})|\d{5,}/g

/**
 * A word that could say who someone is: letters and digits mixed (`Xk29Qp`, a code, a token, a UUID),
 * 5 digits in a row, or 8 or more hex letters. A word without a digit is a word (`getBoundingClientRect`).
 */
const SECRET_WORD = /\d.*[a-z]|[a-z].*\d|\d{5}|^[\da-f]{8,}$/i

/**
 * A file the build names `name-<8 character hash>.ext`, as a word and what follows it (the hash has a
 * letter: `user-13800138.png` is no build file).
 */
const BUILD_FILE = /^[\w-]*-(?=[\w-]{0,7}[a-z])[\w-]{8}\.\w/i

/** The values of the page's own URLs, each as a whole token (`?id=7` hides `7`, not the 7 of `17:27`); none: a pattern that never matches. */
let own = /$./

/**
 * Keeps every query and fragment value of `urls` (the page's address as it was loaded and as it is now)
 * out of everything scrubbed from now on, wherever it appears, decoded and as sent. A fragment or a
 * parameter without `=` is a value whole.
 */
export function hideValuesOf(urls: readonly (string | undefined)[]): void {
  const forms: string[] = []
  for (const url of urls)
    for (const part of `${url}`.replace(/^[^?#]*/, '').split(/[?#&;]/)) {
      const raw = part.slice(part.indexOf('=') + 1)
      let decoded = raw
      try {
        decoded = decodeURIComponent(raw.replace(/\+/g, ' '))
      } catch {
        // a value that is not valid percent-encoding: kept as sent
      }
      for (const form of [raw, decoded, encodeURIComponent(decoded)]) if (form) forms.push(form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    }
  // The longest first: a value that holds another goes whole.
  own = forms.length ? new RegExp(`(^|\\W)(?:${forms.sort((a, b) => b.length - a.length).join('|')})(?=\\W|$)`, 'gi') : /$./
}

/** `text` without the page's URL values and anything shaped like a secret. */
const hide = (text: string) =>
  text
    .replace(own, `$1${CUT}`)
    .replace(SECRET, (run, word: string | undefined, at: number, whole: string) =>
      word && (!SECRET_WORD.test(word) || BUILD_FILE.test(whole.slice(at, at + run.length + 2))) ? run : CUT,
    )

const cut = (text: string) => (text.length > TELEMETRY_MAX_TEXT ? text.slice(0, TELEMETRY_MAX_TEXT - 1) + CUT : text)

/** A message as it may leave the phone: queries, fragments, URL values and secrets replaced, at most 200 characters. */
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

/** A file or page path as it may leave the phone: no origin, query or fragment, no URL value, no secret. */
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

/**
 * API versions (`v1`) are kept; any other segment with a digit, a `%`, an unusual character or 16+
 * characters is an id, and so is one that is a value of the page's URL or shaped like a secret.
 */
const ID_SEGMENT = /\d|%|[^\w.-]|^.{16,}$/

/** An API path as its template (`/v1/directory/7` → `/v1/directory/:id`): no origin, query or ids. */
export function endpointTemplate(value: string | undefined): string {
  const path = pathOf(String(value ?? ''))
  const template = path
    .split('/')
    .map((segment, i) =>
      i === 0 || (i === 1 && /^v\d+$/.test(segment)) || !(ID_SEGMENT.test(segment) || hide(segment) !== segment) ? segment : ':id',
    )
    .join('/')
  return (template.startsWith('/') ? template : `/${template}`).slice(0, 100)
}
