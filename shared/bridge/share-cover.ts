/**
 * The pages' own share picture (public/share-cover.png, also every page's `og:image`): a PNG, which share
 * sheets and WeChat cards can draw (docs/decisions.md "Share thumbnails"). Here, below the HTTP layer, so
 * that a page sharing its own link (the brand page) does not load the API's settings for it.
 */
export const SHARE_COVER_PATH = '/share-cover.png'

/** The thumbnail of a page's own native share: share-cover.png, absolute, on this page's origin. */
export function pageShareCover(): string {
  return `${window.location.origin}${SHARE_COVER_PATH}`
}
