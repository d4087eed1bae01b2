import { BRAND } from '../config/brand'

/**
 * Query parameters that belong to the development tools or the host, never to the page: the fake host's
 * (`fakeHost`, `fakeHostToken`, `fakeHostVersion`, …) and the app's `isNeedBackWeb`.
 */
export function isForeignParam(name: string): boolean {
  return name.startsWith('fakeHost') || name === 'isNeedBackWeb'
}

/** `href` without the parameters of {@link isForeignParam} and without the hash. */
export function withoutForeignParams(href: string): string {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return href
  }
  for (const name of [...url.searchParams.keys()]) if (isForeignParam(name)) url.searchParams.delete(name)
  url.hash = ''
  return url.href
}

/**
 * The URL that opens `pageUrl` in the app: `{scheme}open?url={pageUrl}`. The page's own query (the
 * share code `r`, a folder `id`) survives, so the app shows the same content.
 */
export function appLinkFor(pageUrl: string): string {
  return `${BRAND.appScheme}open?url=${encodeURIComponent(withoutForeignParams(pageUrl))}`
}
