/**
 * The thumbnail a native share passes to the host (`shareUrl`, docs/decisions.md "Share thumbnails"):
 * a PNG or JPEG, absolute. Share sheets and WeChat cards draw neither SVG nor WebP, and a relative URL
 * means nothing to the host. React-free.
 */
import { pageShareCover } from '../bridge/share-cover'
import { apiUrl } from './settings'

/** A path whose file a share card can draw: `.png`, `.jpg` or `.jpeg` (any case), before the query. */
const DRAWABLE = /\.(png|jpe?g)$/i

/**
 * The thumbnail for a share: `image` (a picture URL from an API reply, loaded from the API's origin)
 * when it is a PNG or JPEG, else the pages' share-cover.png on this page's origin.
 */
export function shareThumbnail(image = ''): string {
  const cover = image ? apiUrl(image) : ''
  if (cover) {
    try {
      const url = new URL(cover)
      if ((url.protocol === 'https:' || url.protocol === 'http:') && DRAWABLE.test(url.pathname)) return url.href
    } catch {
      // not a URL: the pages' own picture below
    }
  }
  return pageShareCover()
}
