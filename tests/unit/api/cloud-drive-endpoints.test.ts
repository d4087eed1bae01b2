import { afterEach, describe, expect, it, vi } from 'vitest'
import type { InternalAxiosRequestConfig } from 'axios'
import { resetHttpClientForTests } from '@shared/http'
import { getCloudDriveFiles } from '@shared/api/get-cloud-drive-files'
import { getCloudDriveImport } from '@shared/api/get-cloud-drive-import'
import { getCloudDriveStatus } from '@shared/api/get-cloud-drive-status'
import { startCloudDriveImport } from '@shared/api/start-cloud-drive-import'
import { envelope, fakeServer } from '../http/fake-server'

vi.mock('@shared/components/toast', () => ({ toast: vi.fn() }))

/** Answers every request with `data` and returns the last recorded request config. */
function serve(data: unknown = null) {
  const server = fakeServer(() => envelope(data))
  resetHttpClientForTests({ adapter: server })
  return () => server.mock.lastCall![0] as InternalAxiosRequestConfig
}

afterEach(() => resetHttpClientForTests())

describe('the cloud-drive calls', () => {
  it('getCloudDriveStatus asks /v1/cloudDrive/status', async () => {
    const last = serve({ authorized: true, accountName: 'a' })
    expect(await getCloudDriveStatus()).toMatchObject({ success: true, data: { authorized: true } })
    expect(last()).toMatchObject({ method: 'get', url: '/v1/cloudDrive/status' })
  })

  it('getCloudDriveFiles sends dir, suffix, start and limit as the query', async () => {
    const last = serve({ dir: '/a b', items: [], hasMore: false })
    await getCloudDriveFiles({ dir: '/a b', suffix: 'pdf', start: 100, limit: 100 })
    expect(last()).toMatchObject({
      method: 'get',
      url: '/v1/cloudDrive/files',
      params: { dir: '/a b', suffix: 'pdf', start: 100, limit: 100 },
    })
  })

  it.each([
    [{ albumId: 5 }, { fsIds: ['1', '2'], albumId: 5 }],
    [{ parentId: 0 }, { fsIds: ['1', '2'], parentId: 0 }],
  ])('startCloudDriveImport posts the ids with exactly one target (%o)', async (target, body) => {
    const last = serve({ jobId: 'j' })
    await startCloudDriveImport(['1', '2'], target)
    expect(last()).toMatchObject({ method: 'post', url: '/v1/cloudDrive/import' })
    expect(JSON.parse(last().data as string)).toEqual(body)
  })

  it('getCloudDriveImport puts the job id in the path, escaped', async () => {
    const last = serve({ status: 'running' })
    await getCloudDriveImport('a/b?c')
    expect(last()).toMatchObject({ method: 'get', url: '/v1/cloudDrive/import/a%2Fb%3Fc' })
  })
})
