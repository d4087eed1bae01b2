import { afterEach, describe, expect, it, vi } from 'vitest'
import { shareThumbnail } from '@shared/http/share-thumbnail'

describe('shareThumbnail: the picture a native share card shows', () => {
  afterEach(() => vi.unstubAllEnvs())

  it("takes a PNG or JPEG cover from the API's origin, absolute", () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com')
    expect(shareThumbnail('/uploads/cover.png')).toBe('https://api.example.com/uploads/cover.png')
    expect(shareThumbnail('/media/book/cover.JPG?v=2')).toBe('https://api.example.com/media/book/cover.JPG?v=2')
    expect(shareThumbnail('https://cdn.example.com/a/b.jpeg')).toBe('https://cdn.example.com/a/b.jpeg')
  })

  it("gives the pages' share-cover.png for a picture a card cannot draw (SVG, WebP, none)", () => {
    vi.stubEnv('VITE_API_BASE', 'https://api.example.com')
    const own = `${location.origin}/share-cover.png`
    expect(shareThumbnail('/media/book/cover.svg')).toBe(own)
    expect(shareThumbnail('/media/book/cover.webp')).toBe(own)
    expect(shareThumbnail('/media/cover.png.svg')).toBe(own)
    expect(shareThumbnail('')).toBe(own)
    expect(shareThumbnail()).toBe(own)
  })

  it('never passes a data: or javascript: URL, whatever it ends with', () => {
    const own = `${location.origin}/share-cover.png`
    expect(shareThumbnail('data:image/png;base64,AAAA.png')).toBe(own)
    expect(shareThumbnail('javascript:alert(1)//.png')).toBe(own)
  })
})
