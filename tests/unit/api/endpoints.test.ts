import { afterEach, describe, expect, it } from 'vitest'
import type { InternalAxiosRequestConfig } from 'axios'
import { resetHttpClientForTests } from '@shared/http'
import { addBookCreation } from '@shared/api/add-book-creation'
import { claimFreeSpace } from '@shared/api/claim-free-space'
import { deleteBookCreation } from '@shared/api/delete-book-creation'
import { getBookCreationOptions } from '@shared/api/get-book-creation-options'
import { getDirectory } from '@shared/api/get-directory'
import { getGoodsSpaces } from '@shared/api/get-goods-spaces'
import { getGoodsVips } from '@shared/api/get-goods-vips'
import { getMyCapacity } from '@shared/api/get-my-capacity'
import { getShare } from '@shared/api/get-share'
import { getVipInfo } from '@shared/api/get-vip-info'
import { moveBookCreation } from '@shared/api/move-book-creation'
import { submitBookCreation, updateBookCreation } from '@shared/api/update-book-creation'
import { uploadFile } from '@shared/api/upload-file'
import type { BookCreationInput } from '@shared/api/types'
import { envelope, fakeServer } from '../http/fake-server'

/** Answers every request with `data` and returns the recorded request configs. */
function serve(data: unknown = null) {
  const server = fakeServer(() => envelope(data))
  resetHttpClientForTests({ adapter: server })
  return () => server.mock.lastCall![0] as InternalAxiosRequestConfig
}

const jsonBody = (config: InternalAxiosRequestConfig) => JSON.parse(config.data as string) as unknown

const BOOK: BookCreationInput = { parentId: 1, type: 0, title: 't', intro: 'i', imageUrl: 'u', rootId: 2, ages: ['3'], tags: [] }

afterEach(() => resetHttpClientForTests())

describe('GET endpoints', () => {
  it('getShare asks /v1/share/uar with the share code', async () => {
    const last = serve({ title: 'x' })
    expect(await getShare('a b')).toMatchObject({ success: true, data: { title: 'x' } })
    expect(last()).toMatchObject({ method: 'get', url: '/v1/share/uar', params: { r: 'a b' } })
  })

  it('getDirectory puts the id in the path', async () => {
    const last = serve({ id: 0, items: [] })
    await getDirectory(0)
    expect(last()).toMatchObject({ method: 'get', url: '/v1/directory/0' })
  })

  it.each([
    ['getGoodsSpaces', getGoodsSpaces, '/v1/goods/spaces'],
    ['getMyCapacity', getMyCapacity, '/v1/user/myCapacity'],
    ['getGoodsVips', getGoodsVips, '/v1/goods/vips'],
    ['getVipInfo', getVipInfo, '/v1/user/vipInfo'],
    ['getBookCreationOptions', getBookCreationOptions, '/v1/bookCreation/options'],
  ])('%s asks %s', async (_name, call, url) => {
    const last = serve()
    await call()
    expect(last()).toMatchObject({ method: 'get', url })
  })
})

describe('POST endpoints', () => {
  it.each([
    ['claimFreeSpace', () => claimFreeSpace(), '/v1/activity/vipGetFreeSpace', {}],
    ['addBookCreation', () => addBookCreation(BOOK), '/v1/bookCreation/add', BOOK],
    ['updateBookCreation', () => updateBookCreation({ id: 9, title: 'n' }), '/v1/bookCreation/update', { id: 9, title: 'n' }],
    ['submitBookCreation', () => submitBookCreation(9), '/v1/bookCreation/update', { id: 9, status: 1 }],
    ['deleteBookCreation', () => deleteBookCreation(9), '/v1/bookCreation/delete', { id: 9 }],
    ['moveBookCreation', () => moveBookCreation(1, [3, 2]), '/v1/bookCreation/move', { parentId: 1, ids: [3, 2] }],
  ])('%s posts to %s', async (_name, call, url, body) => {
    const last = serve()
    await call()
    expect(last()).toMatchObject({ method: 'post', url })
    expect(jsonBody(last())).toEqual(body)
  })

  it('uploadFile sends the file as multipart field `file`', async () => {
    const last = serve({ url: 'https://cdn/x.pdf', fileSizeMb: 1.5 })
    // A File: happy-dom drops the filename given with a plain Blob (browsers keep it).
    const result = await uploadFile(new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' }), 'book.pdf')
    expect(result.data).toEqual({ url: 'https://cdn/x.pdf', fileSizeMb: 1.5 })
    const form = last().data as FormData
    expect(last()).toMatchObject({ method: 'post', url: '/v1/upload' })
    expect((form.get('file') as File).name).toBe('book.pdf')
  })
})
