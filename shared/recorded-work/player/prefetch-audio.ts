/** Fetches one URL in the background; the default is {@link createAudioPrefetcher}'s. */
export type Prefetch = (url: string) => void

interface NetworkInformationLike {
  saveData?: boolean
}

/**
 * Whether the media element of this browser reuses a `fetch`ed file. WebKit (Safari, every iOS
 * WebView, WeChat on iOS; `navigator.vendor` is Apple's) does not: its media loader downloads the
 * file again, so a prefetch there is a second download of every clip (measured in WebKitGTK 2.50, see
 * tests/webkit/). A second `Audio` element with `preload="auto"` is not shared with the player's
 * element either, and `<link rel=preload as=audio>` is off by default in WebKit; so WebKit gets no
 * prefetch and each clip is downloaded once, when it plays.
 */
function mediaReusesFetch(): boolean {
  const vendor = (globalThis.navigator as { vendor?: string } | undefined)?.vendor ?? ''
  return !vendor.startsWith('Apple')
}

/**
 * A prefetcher for audio the player will play soon: a low-priority `fetch` puts the file in the HTTP
 * cache, so the next page starts without a round trip on a phone network (the media element's range
 * requests are answered from the cached file). Each URL is fetched once per page; nothing is fetched
 * when the visitor asked the browser to save data. Works for cross-origin media too (`no-cors`: the
 * reply is opaque to us but cached all the same). Failures are ignored: the player will simply load
 * the file when it plays it. In WebKit it fetches nothing ({@link mediaReusesFetch}).
 */
export function createAudioPrefetcher(): Prefetch {
  const seen = new Set<string>()
  return (url) => {
    if (!url || seen.has(url) || typeof fetch !== 'function') return
    const connection = (globalThis.navigator as { connection?: NetworkInformationLike } | undefined)?.connection
    if (connection?.saveData || !mediaReusesFetch()) return
    seen.add(url)
    // `priority` is a hint browsers without it ignore; the cast keeps older DOM typings happy.
    fetch(url, { mode: 'no-cors', priority: 'low' } as RequestInit).catch(() => seen.delete(url))
  }
}
