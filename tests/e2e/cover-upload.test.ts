/**
 * A parent picks a phone-sized photo as a folder cover: the page shrinks it in the real browser
 * (createImageBitmap + canvas) before the upload, so the server stores a JPEG sized for the screen.
 */
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { PENDING } from '../../shared/first-screen/to-dom'
import { closeBrowser, openPhone, type PhonePage } from './support/browser'
import { expectAccessible } from './support/axe'

afterAll(closeBrowser)

/** The bound the cover field shrinks to (COVER_MAX_EDGE in cover-field/shrink-image.ts). */
const MAX_EDGE = 1080

/**
 * A 3000×2000 PNG "photo" drawn in the page: sky, sun and grass, plus sensor-like grain. Without the
 * grain a PNG of smooth colours is a few KB, nothing like the megabytes of a real photo.
 */
async function photoPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const [w, h] = [3000, 2000]
    const canvas = document.createElement('canvas')
    canvas.width = w
    canvas.height = h
    const g = canvas.getContext('2d')!
    const sky = g.createLinearGradient(0, 0, 0, h)
    sky.addColorStop(0, '#3aa6ff')
    sky.addColorStop(0.65, '#cfeaff')
    sky.addColorStop(0.65, '#4caf50')
    sky.addColorStop(1, '#16874a')
    g.fillStyle = sky
    g.fillRect(0, 0, w, h)
    g.fillStyle = '#ffd54f'
    g.beginPath()
    g.arc(w * 0.75, h * 0.25, 260, 0, Math.PI * 2)
    g.fill()
    let seed = 7
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32
    for (let i = 0; i < 600; i++) {
      // flowers in the grass: detail that survives the shrink, as in a real photo
      g.fillStyle = `hsl(${Math.floor(random() * 360)} 80% 60%)`
      g.beginPath()
      g.arc(random() * w, h * (0.68 + random() * 0.32), 10 + random() * 40, 0, Math.PI * 2)
      g.fill()
    }
    const pixels = g.getImageData(0, 0, w, h)
    for (let i = 0; i < pixels.data.length; i += 4) {
      const grain = Math.floor(random() * 3) - 1 // the same on all channels, like luma noise
      for (let c = 0; c < 3; c++) pixels.data[i + c] = pixels.data[i + c]! + grain
    }
    g.putImageData(pixels, 0, 0)
    return canvas.toDataURL('image/png')
  })
  return Buffer.from(dataUrl.split(',')[1]!, 'base64')
}

/** Picks `png` as the cover on the create page; returns the stored URL and the size of the request body. */
async function pickCover(phone: PhonePage, png: Buffer): Promise<{ url: string; sentBytes: number }> {
  const { page } = phone
  // The form drawn before React shows the field pending: a person's tap on it is kept and done again once
  // React is in (tests/e2e/first-screen.test.ts), but a file set straight into that copy has no one to take it.
  const field = page.getByLabel('封面')
  await expect.poll(() => field.getAttribute(PENDING), { timeout: 15_000 }).toBeNull()
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/v1/upload'))
  await field.setInputFiles({ name: 'IMG_2024.png', mimeType: 'image/png', buffer: png })
  const response = await uploaded
  expect(response.status()).toBe(200)
  const { data } = (await response.json()) as { data: { url: string } }
  // Playwright does not expose a multipart file body; its length is the request's Content-Length.
  const sentBytes = Number((await response.request().allHeaders())['content-length'])
  const preview = page.getByRole('img', { name: '封面预览' })
  // Shown from the API's origin (here the page's own), saved as the server gave it.
  await expect.poll(() => preview.getAttribute('src')).toBe(new URL(data.url, page.url()).href)
  return { url: data.url, sentBytes }
}

/** The natural size of the image at `url`, as the browser decodes it. */
async function naturalSize(page: Page, url: string): Promise<[number, number]> {
  return page.evaluate(async (src) => {
    const img = new Image()
    img.src = src
    await img.decode()
    return [img.naturalWidth, img.naturalHeight] as [number, number]
  }, url)
}

async function storedBytes(phone: PhonePage, url: string): Promise<number> {
  const reply = await phone.context.request.get(phone.baseUrl + url)
  expect(reply.ok()).toBe(true)
  return (await reply.body()).length
}

describe('picking a folder cover', () => {
  it('uploads a 3000×2000 photo as a 1080×720 JPEG of a small fraction of its bytes', async () => {
    const phone = await openPhone('app')
    const { page, baseUrl } = phone

    // Step: open 新建文件夹 under the demo collection (type 2) and make a photo-sized PNG.
    await page.goto(`${baseUrl}/generate_book/create?parentId=${DEMO_FOLDERS.collection}`)
    await page.getByRole('heading', { name: '新建文件夹' }).waitFor()
    const png = await photoPng(page)
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024)
    expect(png.length).toBeLessThan(10 * 1024 * 1024) // still within the field's own limit

    // Step: pick it; the page shrinks it, uploads it and previews the stored cover.
    const { url, sentBytes } = await pickCover(phone, png)
    expect(url).toMatch(/^\/uploads\/.+\.jpg$/)

    // Step: the stored cover is within the bound, same 3:2 shape, and far lighter than the photo.
    expect(await naturalSize(page, url)).toEqual([MAX_EDGE, (MAX_EDGE * 2) / 3])
    const bytes = await storedBytes(phone, url)
    expect(bytes).toBeLessThan(png.length / 5)
    expect(sentBytes).toBeLessThan(png.length / 5)
    console.log(`[cover-upload] original PNG ${png.length} B, uploaded JPEG ${bytes} B (request ${sentBytes} B)`)

    await page.getByRole('img', { name: '封面预览' }).evaluate((img) => img.scrollIntoView({ block: 'center' }))
    await phone.shot('cover-upload-preview')
    await expectAccessible(phone.page, 'cover-upload-preview')
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })

  it('shrinks on a <canvas> element where the WebView has no OffscreenCanvas', async () => {
    const phone = await openPhone('app')
    const { page, baseUrl } = phone
    await page.addInitScript(() => {
      delete (window as { OffscreenCanvas?: unknown }).OffscreenCanvas
    })

    await page.goto(`${baseUrl}/generate_book/create?parentId=${DEMO_FOLDERS.collection}`)
    await page.getByRole('heading', { name: '新建文件夹' }).waitFor()
    expect(await page.evaluate(() => typeof (window as { OffscreenCanvas?: unknown }).OffscreenCanvas)).toBe('undefined')
    const png = await photoPng(page)

    const { url } = await pickCover(phone, png)
    expect(await naturalSize(page, url)).toEqual([MAX_EDGE, (MAX_EDGE * 2) / 3])
    expect(await storedBytes(phone, url)).toBeLessThan(png.length / 5)
    expect(phone.errors).toEqual([])
    await phone.context.close()
  })
})
