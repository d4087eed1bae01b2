/**
 * The cover field shrinks a picked image before uploading it. happy-dom decodes no images and has no
 * canvas, so each test puts a fake `createImageBitmap` and `OffscreenCanvas` in their place; the
 * field's own code (and the real browser codec around those two) runs unchanged.
 */
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { uploadFile } from '@shared/api/upload-file'
import type { ApiResult } from '@shared/http'
import type { UploadResult } from '@shared/api/types'
import { CoverField } from '../../../pages/generate_book/create/cover-field'
import { clearOverlays } from '../components/clear-overlays'

vi.mock('@shared/api/upload-file', () => ({ uploadFile: vi.fn() }))

const upload = vi.mocked(uploadFile)
const ok: ApiResult<UploadResult> = {
  success: true,
  data: { url: '/uploads/c.jpg', fileSizeMb: 0.1 },
  msg: '请求成功',
  code: 200,
  result: 'SUCCESS',
}

/** What the fake canvas was asked to do, in order. */
let drawn: { width: number; height: number; calls: string[] }[]

class FakeOffscreenCanvas {
  private record: { width: number; height: number; calls: string[] }
  constructor(
    public width: number,
    public height: number,
  ) {
    this.record = { width, height, calls: [] }
  }
  getContext() {
    drawn.push(this.record)
    const calls = this.record.calls
    return {
      fillStyle: '',
      fillRect: (...args: number[]) => calls.push(`fillRect ${args.join(',')}`),
      drawImage: (_image: unknown, ...args: number[]) => calls.push(`drawImage ${args.join(',')}`),
    }
  }
  async convertToBlob({ type }: { type: string }) {
    return new Blob([new Uint8Array(150 * 1024)], { type })
  }
}

/** Makes `createImageBitmap` "decode" every file as a `width`×`height` picture. */
function decodesAs(width: number, height: number) {
  const decode = vi.fn(async () => ({ width, height, close: vi.fn() }))
  vi.stubGlobal('createImageBitmap', decode)
  return decode
}

const photo = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type })

function renderField() {
  const onChange = vi.fn()
  render(<CoverField id="cover" value="" onChange={onChange} onUploadingChange={vi.fn()} />)
  return { onChange, input: screen.getByLabelText('封面') }
}

/** The file handed to uploadFile, and the name it was sent under. */
async function sent(): Promise<{ file: File; name: string | undefined }> {
  await waitFor(() => expect(upload).toHaveBeenCalledTimes(1))
  const [file, name] = upload.mock.calls[0]!
  return { file: file as File, name }
}

beforeEach(() => {
  vi.clearAllMocks()
  drawn = []
  upload.mockResolvedValue(ok)
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas)
})

afterEach(async () => {
  vi.unstubAllGlobals()
  await clearOverlays()
})

describe('picking a cover', () => {
  it('uploads a 4000×3000 photo as a 1080×810 JPEG under its own base name', async () => {
    decodesAs(4000, 3000)
    const { input, onChange } = renderField()
    await userEvent.upload(input, photo('IMG_0042.JPG', 'image/jpeg', 4 * 1024 * 1024))
    const { file, name } = await sent()
    expect(name).toBe('IMG_0042.jpg')
    expect(file.type).toBe('image/jpeg')
    expect(file.size).toBe(150 * 1024)
    expect(drawn).toEqual([{ width: 1080, height: 810, calls: ['fillRect 0,0,1080,810', 'drawImage 0,0,1080,810'] }])
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/uploads/c.jpg'))
  })

  it('keeps a portrait photo upright within the bound: 3000×4000 becomes 810×1080', async () => {
    decodesAs(3000, 4000)
    const { input } = renderField()
    await userEvent.upload(input, photo('portrait.jpg', 'image/jpeg', 3 * 1024 * 1024))
    await sent()
    expect(drawn.map(({ width, height }) => [width, height])).toEqual([[810, 1080]])
  })

  it('sends a small image within the bound as it is', async () => {
    decodesAs(600, 400)
    const { input } = renderField()
    const original = photo('small.png', 'image/png', 80 * 1024)
    await userEvent.upload(input, original)
    const { file, name } = await sent()
    expect(file).toBe(original)
    expect(name).toBe('small.png')
    expect(drawn).toEqual([])
  })

  it('sends a GIF as it is without decoding it, so an animation stays animated', async () => {
    const decode = decodesAs(4000, 3000)
    const { input } = renderField()
    const original = photo('dance.gif', 'image/gif', 5 * 1024 * 1024)
    await userEvent.upload(input, original)
    expect((await sent()).file).toBe(original)
    expect(decode).not.toHaveBeenCalled()
  })

  it('sends the original when the browser cannot decode the image', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))),
    )
    const { input } = renderField()
    const original = photo('broken.jpg', 'image/jpeg', 4 * 1024 * 1024)
    await userEvent.upload(input, original)
    expect((await sent()).file).toBe(original)
  })

  it('shows 上传中 0% while the image is still being shrunk', async () => {
    let decoded!: (bitmap: { width: number; height: number; close(): void }) => void
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => new Promise((resolve) => (decoded = resolve))),
    )
    const { input } = renderField()
    await userEvent.upload(input, photo('big.jpg', 'image/jpeg', 4 * 1024 * 1024))
    expect(screen.getByRole('status').textContent).toBe('上传中 0%')
    expect(upload).not.toHaveBeenCalled()
    decoded({ width: 4000, height: 3000, close: () => {} })
    await sent()
  })

  it('refuses an original over 10MB before shrinking it', async () => {
    const decode = decodesAs(4000, 3000)
    const { input } = renderField()
    await userEvent.upload(input, photo('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1))
    await screen.findByText('图片不能超过10MB')
    expect(decode).not.toHaveBeenCalled()
    expect(upload).not.toHaveBeenCalled()
  })
})
