/** The rules of shrinkImage, with its decode/encode steps replaced (happy-dom has no image codecs). */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodeJpeg } from '../../../pages/generate_book/create/cover-field/canvas-codec'
import { fitWithin, jpegName, shrinkImage } from '../../../pages/generate_book/create/cover-field/shrink-image'

const file = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type })
const jpeg = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })

/** A decoder that "decodes" any file as a `width`×`height` bitmap, and remembers closing it. */
function decoder(width: number, height: number) {
  const close = vi.fn()
  const decode = vi.fn(async () => ({ width, height, close }) as unknown as ImageBitmap)
  return { decode, close }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('fitWithin', () => {
  it('scales the longest edge down to the bound and keeps the aspect ratio', () => {
    expect(fitWithin(3000, 2000, 1080)).toEqual({ width: 1080, height: 720 })
    expect(fitWithin(2000, 3000, 1080)).toEqual({ width: 720, height: 1080 })
  })

  it('never scales a picture up', () => {
    expect(fitWithin(640, 480, 1080)).toEqual({ width: 640, height: 480 })
  })

  it('keeps at least one pixel of a very thin picture', () => {
    expect(fitWithin(10000, 3, 1080)).toEqual({ width: 1080, height: 1 })
  })
})

describe('jpegName', () => {
  it('keeps the base name and swaps the extension for .jpg', () => {
    expect(jpegName('IMG_1234.HEIC')).toBe('IMG_1234.jpg')
    expect(jpegName('my.cover.png')).toBe('my.cover.jpg')
    expect(jpegName('photo')).toBe('photo.jpg')
  })

  it('names a file with no base name cover.jpg', () => {
    expect(jpegName('.png')).toBe('cover.jpg')
    expect(jpegName('')).toBe('cover.jpg')
  })
})

describe('shrinkImage', () => {
  it('re-encodes an image within the bound that is large in bytes', async () => {
    const { decode } = decoder(1000, 1000)
    const encode = vi.fn(async () => jpeg(120_000))
    const result = await shrinkImage(file('shot.png', 'image/png', 2_000_000), { decode, encode })
    expect(encode).toHaveBeenCalledWith(expect.anything(), 1000, 1000, 0.85)
    expect([result.name, result.type, result.size]).toEqual(['shot.jpg', 'image/jpeg', 120_000])
  })

  it('keeps the original when the JPEG comes out no smaller', async () => {
    const original = file('flat.png', 'image/png', 400_000)
    const result = await shrinkImage(original, { decode: decoder(3000, 2000).decode, encode: async () => jpeg(400_000) })
    expect(result).toBe(original)
  })

  it('converts a small image in a format the server refuses, even when the JPEG is larger', async () => {
    const result = await shrinkImage(file('IMG_1.HEIC', 'image/heic', 50_000), {
      decode: decoder(800, 600).decode,
      encode: async () => jpeg(90_000),
    })
    expect([result.name, result.type]).toEqual(['IMG_1.jpg', 'image/jpeg'])
  })

  it('keeps the original when there is no canvas to encode with', async () => {
    const original = file('big.jpg', 'image/jpeg', 4_000_000)
    expect(await shrinkImage(original, { decode: decoder(4000, 3000).decode, encode: async () => null })).toBe(original)
  })

  it('keeps the original when encoding throws', async () => {
    const original = file('big.jpg', 'image/jpeg', 4_000_000)
    const encode = async () => Promise.reject(new Error('out of memory'))
    expect(await shrinkImage(original, { decode: decoder(4000, 3000).decode, encode })).toBe(original)
  })

  it('sends an SVG as it is without decoding it', async () => {
    const { decode } = decoder(4000, 3000)
    const original = file('logo.svg', 'image/svg+xml', 2_000_000)
    expect(await shrinkImage(original, { decode })).toBe(original)
    expect(decode).not.toHaveBeenCalled()
  })

  it('releases the decoded bitmap once done', async () => {
    const { decode, close } = decoder(4000, 3000)
    await shrinkImage(file('big.jpg', 'image/jpeg', 4_000_000), { decode, encode: async () => jpeg(200_000) })
    expect(close).toHaveBeenCalledTimes(1)
  })
})

describe('encodeJpeg without OffscreenCanvas', () => {
  it('draws on a <canvas> element, white first, and returns its JPEG', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined)
    const calls: string[] = []
    const context = {
      set fillStyle(value: string) {
        calls.push(`fillStyle ${value}`)
      },
      fillRect: (...args: number[]) => calls.push(`fillRect ${args.join(',')}`),
      drawImage: (_image: unknown, ...args: number[]) => calls.push(`drawImage ${args.join(',')}`),
    }
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D)
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done, type) {
      calls.push(`toBlob ${this.width}x${this.height} ${type}`)
      done(jpeg(1000))
    })
    const blob = await encodeJpeg({} as ImageBitmap, 1080, 720, 0.85)
    expect(blob?.type).toBe('image/jpeg')
    expect(calls).toEqual(['fillStyle #fff', 'fillRect 0,0,1080,720', 'drawImage 0,0,1080,720', 'toBlob 1080x720 image/jpeg'])
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.85)
  })

  it('resolves null when the browser writes PNG instead of the JPEG asked for', async () => {
    vi.stubGlobal('OffscreenCanvas', undefined)
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      fillRect() {},
      drawImage() {},
    } as unknown as CanvasRenderingContext2D)
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) => done(new Blob([], { type: 'image/png' })))
    expect(await encodeJpeg({} as ImageBitmap, 10, 10, 0.85)).toBeNull()
  })
})
