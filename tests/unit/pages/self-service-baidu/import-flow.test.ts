import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CloudFile, CloudImportJob } from '@shared/api/cloud-drive-types'
import type { ApiResult } from '@shared/http'
import { AUTH_EXPIRED, createImportFlow, IMPORT_DONE, POLL_MS, type FlowDeps } from '../../../../pages/self_service_baidu/import-flow'
import { importReducer, initialImportState, type ImportState } from '../../../../pages/self_service_baidu/import-machine'
import type { ImportMode } from '../../../../pages/self_service_baidu/query'
import { failed, ok } from '../support/api-results'

const ALBUM: ImportMode = { pick: 'files', target: { albumId: 5 }, listId: 5, suffix: 'pdf' }
const MB = 1024 * 1024
const pdf = (fsId: string, size = MB): CloudFile => ({ fsId, name: `${fsId}.pdf`, isDir: false, size, mtime: '2024-05-01T08:30:00' })
const expired = <T>(): ApiResult<T> => failed<T>(AUTH_EXPIRED, 403, 'CLOUD_AUTH_EXPIRED')

function setup(patch: Partial<FlowDeps> = {}) {
  const deps: FlowDeps = {
    mode: ALBUM,
    status: vi.fn().mockResolvedValue(ok({ authorized: true, accountName: '小象妈妈' })),
    files: vi.fn().mockResolvedValue(ok({ dir: '/', parent: null, items: [pdf('a', 3 * MB), pdf('b', 2 * MB)], hasMore: false })),
    capacity: vi.fn().mockResolvedValue(ok({ total: 100, used: 50 })),
    start: vi.fn().mockResolvedValue(ok({ jobId: 'j1' })),
    job: vi.fn().mockResolvedValue(ok<CloudImportJob>({ status: 'done', done: 2, total: 2, createdIds: [7, 8], failed: [] })),
    authorize: vi.fn().mockReturnValue(true),
    toast: vi.fn(),
    backToList: vi.fn(),
    ...patch,
  }
  const flow = createImportFlow(deps)
  return { deps, flow }
}

/** Lets every resolved request's answer reach the flow. */
const settle = () => vi.advanceTimersByTimeAsync(0)

async function browseAndPickBoth(flow: ReturnType<typeof createImportFlow>) {
  flow.start()
  await settle()
  const state = flow.getState()
  if (state.status !== 'browsing' || state.listing.status !== 'loaded') throw new Error(`not browsing: ${state.status}`)
  for (const entry of state.listing.entries) flow.send({ type: 'toggle', entry })
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('the import flow', () => {
  it('asks the status, then lists the root for the query suffix, 100 at a time', async () => {
    const { deps, flow } = setup()
    flow.start()
    await settle()
    expect(deps.files).toHaveBeenCalledWith({ dir: '/', suffix: 'pdf', start: 0, limit: 100 })
    expect(flow.getState()).toMatchObject({ status: 'browsing', account: '小象妈妈', listing: { status: 'loaded' } })
  })

  it('asks the host to authorize, and checks again when the page is shown again', async () => {
    const status = vi
      .fn()
      .mockResolvedValueOnce(ok({ authorized: false, accountName: '' }))
      .mockResolvedValue(ok({ authorized: true, accountName: 'x' }))
    const { deps, flow } = setup({ status })
    flow.start()
    await settle()
    flow.send({ type: 'authorize' })
    expect(deps.authorize).toHaveBeenCalledTimes(1)
    flow.send({ type: 'shown' })
    await settle()
    expect(status).toHaveBeenCalledTimes(2)
    expect(flow.getState()).toMatchObject({ status: 'browsing' })
  })

  it('returns to the authorize step with its toast when a listing says the grant expired', async () => {
    const { deps, flow } = setup({ files: vi.fn().mockResolvedValue(expired()) })
    flow.start()
    await settle()
    expect(flow.getState()).toEqual({ status: 'unauthorized', authorizing: false })
    expect(deps.toast).toHaveBeenCalledWith('百度网盘授权已过期，请重新授权')
  })

  it('asks for the next page from where the server left off', async () => {
    const files = vi
      .fn()
      .mockResolvedValueOnce(ok({ items: Array.from({ length: 100 }, (_, i) => pdf(`f${i}`)), hasMore: true }))
      .mockResolvedValueOnce(ok({ items: [pdf('last')], hasMore: false }))
    const { flow } = setup({ files })
    flow.start()
    await settle()
    flow.send({ type: 'more' })
    await settle()
    expect(files).toHaveBeenLastCalledWith({ dir: '/', suffix: 'pdf', start: 100, limit: 100 })
    expect(flow.getState()).toMatchObject({ listing: { hasMore: false } })
    const state = flow.getState()
    expect(state.status === 'browsing' && state.listing.status === 'loaded' && state.listing.entries.length).toBe(101)
  })

  it('refuses before sending when the picked files are larger than the remaining space', async () => {
    const { deps, flow } = setup({ capacity: vi.fn().mockResolvedValue(ok({ total: 100, used: 96 })) })
    await browseAndPickBoth(flow)
    flow.send({ type: 'import' })
    await settle()
    expect(flow.getState()).toMatchObject({ pending: 'noCapacity' })
    expect(deps.start).not.toHaveBeenCalled()
  })

  it('shows the same refusal when the server answers 409 CAPACITY', async () => {
    const { flow, deps } = setup({ start: vi.fn().mockResolvedValue(failed('空间不足', 409, 'CAPACITY')) })
    await browseAndPickBoth(flow)
    flow.send({ type: 'import' })
    await settle()
    expect(deps.start).toHaveBeenCalledWith(['a', 'b'], { albumId: 5 })
    expect(flow.getState()).toMatchObject({ pending: 'noCapacity' })
  })

  it('polls the job about once a second, toasts 导入成功 and returns to the list', async () => {
    const job = vi
      .fn()
      .mockResolvedValueOnce(ok({ status: 'running', done: 1, total: 2, createdIds: [7], failed: [] }))
      .mockResolvedValueOnce(ok({ status: 'done', done: 2, total: 2, createdIds: [7, 8], failed: [] }))
    const { flow, deps } = setup({ job })
    await browseAndPickBoth(flow)
    flow.send({ type: 'import' })
    await settle()
    expect(flow.getState()).toMatchObject({ status: 'importing', done: 0, total: 2 })
    expect(job).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(flow.getState()).toMatchObject({ status: 'importing', done: 1 })
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(flow.getState()).toMatchObject({ status: 'finished', outcome: { kind: 'done' } })
    expect(deps.toast).toHaveBeenCalledWith(IMPORT_DONE)
    expect(deps.backToList).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2000)
    expect(deps.backToList).toHaveBeenCalledTimes(1)
  })

  it('stays on the result of a partial import until the user goes back', async () => {
    const job = vi
      .fn()
      .mockResolvedValue(ok({ status: 'done', done: 2, total: 2, createdIds: [7], failed: [{ name: 'b.pdf', msg: '文件读取失败' }] }))
    const { flow, deps } = setup({ job })
    await browseAndPickBoth(flow)
    flow.send({ type: 'import' })
    await vi.advanceTimersByTimeAsync(POLL_MS * 5)
    expect(flow.getState()).toMatchObject({ status: 'finished', outcome: { kind: 'partial', failed: [{ name: 'b.pdf' }] } })
    expect(deps.toast).not.toHaveBeenCalledWith(IMPORT_DONE)
    expect(deps.backToList).not.toHaveBeenCalled()
  })

  it('keeps polling through a blip, waits for 重试 after three failures in a row, then polls again', async () => {
    const job = vi.fn().mockResolvedValue(failed('网络错误，请检查您的网络连接'))
    const { flow } = setup({ job })
    await browseAndPickBoth(flow)
    flow.send({ type: 'import' })
    await vi.advanceTimersByTimeAsync(POLL_MS * 2)
    expect(flow.getState()).toMatchObject({ status: 'importing', stalled: null })
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(flow.getState()).toMatchObject({ stalled: '网络错误，请检查您的网络连接' })
    await vi.advanceTimersByTimeAsync(POLL_MS * 5)
    expect(job).toHaveBeenCalledTimes(3)
    job.mockResolvedValue(ok({ status: 'done', done: 2, total: 2, createdIds: [1, 2], failed: [] }))
    flow.send({ type: 'retry' })
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(flow.getState()).toMatchObject({ status: 'finished' })
  })

  it('returns to the authorize step when the job poll says the grant expired', async () => {
    const { flow, deps } = setup({ job: vi.fn().mockResolvedValue(expired()) })
    await browseAndPickBoth(flow)
    flow.send({ type: 'import' })
    await vi.advanceTimersByTimeAsync(POLL_MS)
    expect(flow.getState()).toEqual({ status: 'unauthorized', authorizing: false })
    expect(deps.toast).toHaveBeenCalledWith(AUTH_EXPIRED)
  })

  it('stops polling once disposed', async () => {
    const { flow, deps } = setup()
    await browseAndPickBoth(flow)
    flow.send({ type: 'import' })
    await settle()
    flow.dispose()
    await vi.advanceTimersByTimeAsync(POLL_MS * 5)
    expect(deps.job).not.toHaveBeenCalled()
  })
})

describe('the import flow drawn from the status kept at the last open', () => {
  const keptUnauthorized: ImportState = { status: 'unauthorized', authorizing: false }
  // As the machine draws it from a kept status that says authorized (first-state.ts).
  const keptBrowsing = importReducer(initialImportState, { type: 'statusLoaded', authorized: true, account: '小象妈妈' }, 'files')

  it('asks the status again: still unauthorized, the authorize step stays as drawn', async () => {
    const status = vi.fn().mockResolvedValue(ok({ authorized: false, accountName: '' }))
    const { deps, flow } = setup({ status, initial: keptUnauthorized, recheck: true })
    flow.start()
    await settle()
    expect(deps.status).toHaveBeenCalledTimes(1)
    expect(flow.getState()).toBe(keptUnauthorized)
  })

  it('authorized since: goes to the drive and lists its root', async () => {
    const { deps, flow } = setup({ initial: keptUnauthorized, recheck: true })
    flow.start()
    await settle()
    expect(deps.files).toHaveBeenCalledWith({ dir: '/', suffix: 'pdf', start: 0, limit: 100 })
    expect(flow.getState()).toMatchObject({ status: 'browsing', account: '小象妈妈', listing: { status: 'loaded' } })
  })

  it('lists the root at once, and returns to the authorize step when the grant has ended since', async () => {
    const status = vi.fn().mockResolvedValue(ok({ authorized: false, accountName: '' }))
    const { deps, flow } = setup({ status, initial: keptBrowsing, recheck: true })
    flow.start()
    expect(deps.files).toHaveBeenCalledTimes(1)
    await settle()
    expect(flow.getState()).toEqual({ status: 'unauthorized', authorizing: false })
  })

  it('takes the account’s name as it is now, and keeps what the user picked', async () => {
    const status = vi.fn().mockResolvedValue(ok({ authorized: true, accountName: '小象爸爸' }))
    const { flow } = setup({ status, initial: keptBrowsing, recheck: true })
    await browseAndPickBoth(flow)
    expect(flow.getState()).toMatchObject({ status: 'browsing', account: '小象爸爸', picked: [{ fsId: 'a' }, { fsId: 'b' }] })
  })

  it('with no network, stays as drawn and says nothing', async () => {
    const status = vi.fn().mockResolvedValue(failed('网络错误，请检查您的网络连接', 0))
    const { deps, flow } = setup({ status, initial: keptUnauthorized, recheck: true })
    flow.start()
    await settle()
    expect(flow.getState()).toBe(keptUnauthorized)
    expect(deps.toast).not.toHaveBeenCalled()
  })

  it('asks again only when drawn from a kept status', async () => {
    const { deps, flow } = setup({ initial: keptUnauthorized })
    flow.start()
    await settle()
    expect(deps.status).not.toHaveBeenCalled()
  })
})

describe('the import flow for a bad link', () => {
  it('says so as it starts and asks the server nothing', async () => {
    const { deps, flow } = setup({ mode: null })
    expect(flow.getState()).toEqual({ status: 'checking' })
    flow.start()
    await settle()
    expect(flow.getState()).toEqual({ status: 'badLink' })
    expect(deps.status).not.toHaveBeenCalled()
  })
})
