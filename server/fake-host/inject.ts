/**
 * Decides per page request whether to inject the fake host (server/fake-host/fake-host.js), and
 * injects it. Only the server does this; the built pages never contain it.
 */

/** The tag inserted as the first element of `<head>`. */
export const FAKE_HOST_TAG = '<script src="/__fake-host.js"></script>'

/** The cookie that keeps the fake host on while browsing from page to page. */
export const FAKE_HOST_COOKIE = 'fakeHost'

/** Whether to inject, and the Set-Cookie header to send (if the query changed the mode). */
export interface FakeHostDecision {
  inject: boolean
  setCookie: string | null
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return null
}

/**
 * `?fakeHost=app` turns the fake host on (and remembers it in a cookie), `?fakeHost=off`
 * turns it off; otherwise the cookie decides.
 */
export function decideFakeHost(query: URLSearchParams, cookieHeader: string | undefined): FakeHostDecision {
  const requested = query.get('fakeHost')
  if (requested === 'app') {
    return { inject: true, setCookie: `${FAKE_HOST_COOKIE}=app; Path=/; SameSite=Lax` }
  }
  if (requested === 'off') {
    return { inject: false, setCookie: `${FAKE_HOST_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` }
  }
  return { inject: readCookie(cookieHeader, FAKE_HOST_COOKIE) === 'app', setCookie: null }
}

/**
 * Inserts the fake-host script as the first element of `<head>`, so it runs before any
 * module script of the page (module scripts are deferred; this classic script is not).
 */
export function injectFakeHost(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html)
  if (head) {
    const at = head.index + head[0].length
    return html.slice(0, at) + FAKE_HOST_TAG + html.slice(at)
  }
  const root = /<html(\s[^>]*)?>/i.exec(html)
  if (root) {
    const at = root.index + root[0].length
    return `${html.slice(0, at)}<head>${FAKE_HOST_TAG}</head>${html.slice(at)}`
  }
  return FAKE_HOST_TAG + html
}
