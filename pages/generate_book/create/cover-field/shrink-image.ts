/**
 * Shrinks a picked cover before upload, so a 3–8 MB phone photo becomes a JPEG of a few hundred KB.
 * React-free. Never throws: whenever shrinking fails or would not help, the original comes back.
 */
import { decodeImage, encodeJpeg } from './canvas-codec'

/**
 * Longest edge of an uploaded cover, in pixels. On these pages the cover is at most 96 CSS px (the
 * create page's preview; 72 px on the list's summary card, 56 px in rows), i.e. 288 device px at
 * DPR 3. The same URL is the folder's cover wherever the app shows it, and we do not control those
 * sizes: 1080 px covers the full width of a 360 px phone at DPR 3 and is still ~20x fewer bytes than
 * a phone photo.
 */
export const COVER_MAX_EDGE = 1080

/** JPEG quality: visually clean for photos at about a tenth of the bytes of quality 1. */
export const COVER_JPEG_QUALITY = 0.85

/** An image already within the edge is kept as is up to this size: re-encoding would gain little. */
export const COVER_KEEP_BYTES = 300 * 1024

/** Formats the server takes as they are (docs/contracts/api.md); others (HEIC, BMP…) are worth converting. */
const SERVER_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])

/** Formats never re-encoded: a GIF may be animated, an SVG is drawn at any size. */
const KEEP_TYPES = new Set(['image/gif', 'image/svg+xml'])

/** Options of {@link shrinkImage}; the codec functions are replaceable so tests run without a canvas. */
export interface ShrinkOptions {
  maxEdge?: number
  quality?: number
  decode?: (blob: Blob) => Promise<ImageBitmap>
  encode?: (image: ImageBitmap, width: number, height: number, quality: number) => Promise<Blob | null>
}

/** The size of a `width`×`height` picture scaled down (never up) so its longest edge is at most `maxEdge`. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height))
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** `IMG_1234.HEIC` → `IMG_1234.jpg`; a name with no base becomes `cover.jpg`. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '').trim()
  return `${base || 'cover'}.jpg`
}

/**
 * Returns `file` re-encoded as a JPEG whose longest edge is at most `maxEdge` (aspect ratio kept,
 * EXIF orientation applied, transparency on white), or `file` itself when that would not help: a GIF
 * or SVG, a small image already within the edge, a decode or encode failure, or a result not smaller.
 */
export async function shrinkImage(file: File, options: ShrinkOptions = {}): Promise<File> {
  const { maxEdge = COVER_MAX_EDGE, quality = COVER_JPEG_QUALITY, decode = decodeImage, encode = encodeJpeg } = options
  if (KEEP_TYPES.has(file.type)) return file
  let image: ImageBitmap
  try {
    image = await decode(file)
  } catch {
    return file
  }
  try {
    if (!(image.width > 0 && image.height > 0)) return file
    const size = fitWithin(image.width, image.height, maxEdge)
    const serverTakesIt = SERVER_TYPES.has(file.type)
    const alreadyFits = size.width === image.width && size.height === image.height
    if (alreadyFits && serverTakesIt && file.size <= COVER_KEEP_BYTES) return file
    const blob = await encode(image, size.width, size.height, quality)
    // A format the server refuses is worth sending even when the JPEG is larger.
    if (!blob || (serverTakesIt && blob.size >= file.size)) return file
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified })
  } catch {
    return file
  } finally {
    try {
      image.close?.() // frees the full-size pixels (48 MB for a 12 MP photo) without waiting for GC
    } catch {
      // already closed or not closable: nothing to free
    }
  }
}
