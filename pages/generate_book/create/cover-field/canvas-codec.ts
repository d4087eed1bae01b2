/**
 * The browser half of shrinking a cover: decode a picked file and draw it smaller into a JPEG.
 * React-free; every global is read inside the functions, so the module imports anywhere.
 */

/**
 * Decodes `blob` with its EXIF orientation applied, so a phone photo taken upright stays upright
 * once re-encoded (the JPEG we write carries no EXIF).
 * Rejects when the browser cannot decode it or has no `createImageBitmap`.
 */
export async function decodeImage(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' })
  } catch (error) {
    // Browsers from before 'from-image' was named refuse the value itself (a TypeError from the
    // enum check); they apply the EXIF orientation by default, so ask again without options.
    if (!(error instanceof TypeError)) throw error
    return createImageBitmap(blob)
  }
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D

interface Surface {
  context: Context2D
  toJpeg(quality: number): Promise<Blob | null>
  release(): void
}

/** An `OffscreenCanvas` when the browser has one with a 2D context (Safari < 16.4 has none), else a `<canvas>`. */
function makeSurface(width: number, height: number): Surface | null {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (context) {
      return {
        context,
        toJpeg: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
        release: () => {
          canvas.width = canvas.height = 0
        },
      }
    }
  }
  if (typeof document === 'undefined') return null
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) return null
  return {
    context,
    toJpeg: (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)),
    // iOS keeps a canvas's pixels until it is emptied, and caps the total: free them now.
    release: () => {
      canvas.width = canvas.height = 0
    },
  }
}

/**
 * Draws `image` at `width`×`height` on white and encodes it as JPEG. Resolves null when the browser
 * has no usable canvas or cannot write JPEG (it then falls back to PNG, which is not what we want).
 */
export async function encodeJpeg(image: CanvasImageSource, width: number, height: number, quality: number): Promise<Blob | null> {
  const surface = makeSurface(width, height)
  if (!surface) return null
  try {
    const { context } = surface
    // JPEG has no alpha: unfilled (transparent) pixels of a PNG would otherwise come out black.
    context.fillStyle = '#fff'
    context.fillRect(0, 0, width, height)
    context.imageSmoothingEnabled = true
    context.imageSmoothingQuality = 'high'
    context.drawImage(image, 0, 0, width, height)
    const blob = await surface.toJpeg(quality)
    return blob && blob.type === 'image/jpeg' ? blob : null
  } catch {
    return null
  } finally {
    surface.release()
  }
}
