import { describe, expect, it } from 'vitest'
import type { CloudEntry, CloudPage, JobView } from '../../../../pages/self_service_baidu/cloud-data'
import { importReducer, type ImportEvent, type ImportState, type Listing } from '../../../../pages/self_service_baidu/import-machine'

const file = (fsId: string, size = 1024): CloudEntry => ({ fsId, name: `${fsId}.pdf`, isDir: false, size, time: '2024-05-01 08:30' })
const folder = (fsId: string): CloudEntry => ({ fsId, name: fsId, isDir: true, size: 0, time: '' })
const page = (entries: CloudEntry[], hasMore = false, received = entries.length): CloudPage => ({ entries, received, hasMore })
const job = (patch: Partial<JobView> = {}): JobView => ({ status: 'running', done: 0, total: 2, createdIds: [], failed: [], ...patch })

const loaded = (entries: CloudEntry[], more: Partial<Extract<Listing, { status: 'loaded' }>> = {}): Listing => ({
  status: 'loaded',
  entries,
  next: entries.length,
  hasMore: false,
  more: 'idle',
  ...more,
})
const browsing = (patch: Partial<Extract<ImportState, { status: 'browsing' }>> = {}): ImportState => ({
  status: 'browsing',
  account: '小象妈妈',
  dir: '/',
  listing: loaded([folder('绘本'), file('a'), file('b')]),
  picked: [],
  pending: 'none',
  ...patch,
})

const reduceFiles = (state: ImportState, event: ImportEvent) => importReducer(state, event, 'files')
const reduceFolders = (state: ImportState, event: ImportEvent) => importReducer(state, event, 'folders')

describe('when checking the authorization', () => {
  const checking: ImportState = { status: 'checking' }

  it('browses the root with the account name when the drive is authorized', () => {
    expect(reduceFiles(checking, { type: 'statusLoaded', authorized: true, account: '小象妈妈' })).toEqual({
      status: 'browsing',
      account: '小象妈妈',
      dir: '/',
      listing: { status: 'loading' },
      picked: [],
      pending: 'none',
    })
  })

  it('asks to authorize when the drive is not authorized', () => {
    expect(reduceFiles(checking, { type: 'statusLoaded', authorized: false, account: '' })).toEqual({
      status: 'unauthorized',
      authorizing: false,
    })
  })

  it('fails with the message, and 重试 checks again', () => {
    const failed = reduceFiles(checking, { type: 'statusFailed', msg: '网络错误，请检查您的网络连接' })
    expect(failed).toEqual({ status: 'checkFailed', msg: '网络错误，请检查您的网络连接' })
    expect(reduceFiles(failed, { type: 'retry' })).toEqual({ status: 'checking' })
  })

  it('ignores a listing or a toggle that cannot belong to it', () => {
    expect(reduceFiles(checking, { type: 'listed', dir: '/', start: 0, page: page([]) })).toBe(checking)
    expect(reduceFiles(checking, { type: 'toggle', entry: file('a') })).toBe(checking)
  })
})

describe('when not authorized', () => {
  const unauthorized: ImportState = { status: 'unauthorized', authorizing: false }

  it('marks the sign-in as asked for on 授权百度网盘, and asks again on every tap', () => {
    const asked = reduceFiles(unauthorized, { type: 'authorize' })
    expect(asked).toEqual({ status: 'unauthorized', authorizing: true })
    expect(reduceFiles(asked, { type: 'authorize' })).not.toBe(asked)
  })

  it('checks the status again when the page is shown again (visibleChange true)', () => {
    expect(reduceFiles({ status: 'unauthorized', authorizing: true }, { type: 'shown' })).toEqual({ status: 'checking' })
  })

  it('lets the button work again when there is no host to sign in', () => {
    expect(reduceFiles({ status: 'unauthorized', authorizing: true }, { type: 'authorizeUnavailable' })).toEqual(unauthorized)
  })
})

describe('when browsing a folder', () => {
  it('shows the first page of the folder it asked for', () => {
    const state = browsing({ listing: { status: 'loading' } })
    const next = reduceFiles(state, { type: 'listed', dir: '/', start: 0, page: page([file('a')], true, 100) })
    expect(next).toMatchObject({ listing: { status: 'loaded', entries: [file('a')], next: 100, hasMore: true, more: 'idle' } })
  })

  it('drops the answer for a folder it has left', () => {
    const state = browsing({ dir: '/绘本', listing: { status: 'loading' } })
    expect(reduceFiles(state, { type: 'listed', dir: '/', start: 0, page: page([file('a')]) })).toBe(state)
  })

  it('opens another folder, keeping what was picked elsewhere', () => {
    const state = browsing({ picked: [{ fsId: 'a', name: 'a.pdf', size: 1 }] })
    expect(reduceFiles(state, { type: 'open', dir: '/绘本' })).toMatchObject({
      dir: '/绘本',
      listing: { status: 'loading' },
      picked: [{ fsId: 'a' }],
    })
  })

  it('shows the failure with 重试, which loads the folder again', () => {
    const failed = reduceFiles(browsing({ listing: { status: 'loading' } }), { type: 'listFailed', dir: '/', start: 0, msg: '请求失败' })
    expect(failed).toMatchObject({ listing: { status: 'failed', msg: '请求失败' } })
    expect(reduceFiles(failed, { type: 'retry' })).toMatchObject({ listing: { status: 'loading' } })
  })

  it('loads more only when the server said there is more, and appends the next page after the last one sent', () => {
    expect(reduceFiles(browsing(), { type: 'more' })).toMatchObject({ listing: { more: 'idle' } })
    const state = browsing({ listing: loaded([file('a')], { hasMore: true, next: 100 }) })
    const loading = reduceFiles(state, { type: 'more' })
    expect(loading).toMatchObject({ listing: { more: 'loading' } })
    expect(reduceFiles(loading, { type: 'more' })).toBe(loading)
    const next = reduceFiles(loading, { type: 'listed', dir: '/', start: 100, page: page([file('a'), file('b')], false) })
    expect(next).toMatchObject({ listing: { entries: [file('a'), file('b')], next: 102, hasMore: false, more: 'idle' } })
  })

  it('keeps the entries when a further page fails, and 重试 asks for that page again', () => {
    const loading = browsing({ listing: loaded([file('a')], { hasMore: true, next: 100, more: 'loading' }) })
    const failed = reduceFiles(loading, { type: 'listFailed', dir: '/', start: 100, msg: '请求失败' })
    expect(failed).toMatchObject({ listing: { status: 'loaded', entries: [file('a')], more: 'failed' } })
    expect(reduceFiles(failed, { type: 'retry' })).toMatchObject({ listing: { more: 'loading' } })
  })
})

describe('when picking in albumId mode (files)', () => {
  it('picks and unpicks a file', () => {
    const picked = reduceFiles(browsing(), { type: 'toggle', entry: file('a', 2048) })
    expect(picked).toMatchObject({ picked: [{ fsId: 'a', name: 'a.pdf', size: 2048 }] })
    expect(reduceFiles(picked, { type: 'toggle', entry: file('a', 2048) })).toMatchObject({ picked: [] })
  })

  it('never picks a folder', () => {
    const state = browsing()
    expect(reduceFiles(state, { type: 'toggle', entry: folder('绘本') })).toBe(state)
  })

  it('does not start an import with nothing picked', () => {
    const state = browsing()
    expect(reduceFiles(state, { type: 'import' })).toBe(state)
  })
})

describe('when picking in parentId mode (folders)', () => {
  it('picks a folder and never a file', () => {
    const state = browsing()
    expect(reduceFolders(state, { type: 'toggle', entry: folder('绘本') })).toMatchObject({ picked: [{ fsId: '绘本', size: 0 }] })
    expect(reduceFolders(state, { type: 'toggle', entry: file('a') })).toBe(state)
  })
})

describe('when importing is asked for (the capacity check)', () => {
  const picked = [
    { fsId: 'a', name: 'a.pdf', size: 3 * 1024 * 1024 },
    { fsId: 'b', name: 'b.pdf', size: 2 * 1024 * 1024 },
  ]
  const checking = browsing({ picked, pending: 'capacity' })

  it('checks the capacity first', () => {
    expect(reduceFiles(browsing({ picked }), { type: 'import' })).toMatchObject({ pending: 'capacity' })
  })

  it('sends the import when the remaining space holds the picked files', () => {
    expect(reduceFiles(checking, { type: 'capacityChecked', remainingBytes: 5 * 1024 * 1024 })).toMatchObject({ pending: 'starting' })
  })

  it('refuses with 空间不足 when the picked files are larger than the remaining space', () => {
    const refused = reduceFiles(checking, { type: 'capacityChecked', remainingBytes: 5 * 1024 * 1024 - 1 })
    expect(refused).toMatchObject({ pending: 'noCapacity' })
    expect(reduceFiles(refused, { type: 'dismiss' })).toMatchObject({ pending: 'none', picked })
  })

  it('goes back to picking when the capacity cannot be read', () => {
    expect(reduceFiles(checking, { type: 'capacityFailed' })).toMatchObject({ pending: 'none' })
  })

  it('neither picks nor opens while the check runs', () => {
    expect(reduceFiles(checking, { type: 'toggle', entry: file('c') })).toBe(checking)
    expect(reduceFiles(checking, { type: 'open', dir: '/x' })).toBe(checking)
  })
})

describe('when the import request is on its way', () => {
  const starting = browsing({
    picked: [
      { fsId: 'a', name: 'a.pdf', size: 1 },
      { fsId: 'b', name: 'b.pdf', size: 1 },
    ],
    pending: 'starting',
  })

  it('follows the job the server started', () => {
    expect(reduceFiles(starting, { type: 'started', jobId: 'j1' })).toEqual({
      status: 'importing',
      jobId: 'j1',
      done: 0,
      total: 2,
      stalled: null,
    })
  })

  it('treats the server refusing for capacity (409 CAPACITY) like the check', () => {
    expect(reduceFiles(starting, { type: 'refused', noCapacity: true })).toMatchObject({ pending: 'noCapacity' })
  })

  it('goes back to picking, the picks kept, on any other refusal', () => {
    expect(reduceFiles(starting, { type: 'refused', noCapacity: false })).toMatchObject({
      pending: 'none',
      picked: [{ fsId: 'a' }, { fsId: 'b' }],
    })
  })
})

describe('when importing', () => {
  const importing: ImportState = { status: 'importing', jobId: 'j1', done: 0, total: 2, stalled: null }

  it('shows the progress of a running job', () => {
    expect(reduceFiles(importing, { type: 'progress', job: job({ done: 1 }) })).toEqual({ ...importing, done: 1 })
  })

  it('is done when the job is done without failures', () => {
    expect(reduceFiles(importing, { type: 'progress', job: job({ status: 'done', done: 2, createdIds: [7, 8] }) })).toEqual({
      status: 'finished',
      outcome: { kind: 'done', createdIds: [7, 8], failed: [] },
    })
  })

  it('is partial when the job is done with some files failed', () => {
    const failed = [{ name: 'broken.pdf', msg: '文件读取失败' }]
    expect(reduceFiles(importing, { type: 'progress', job: job({ status: 'done', done: 2, createdIds: [7], failed }) })).toEqual({
      status: 'finished',
      outcome: { kind: 'partial', createdIds: [7], failed },
    })
  })

  it('has failed when the job failed', () => {
    expect(
      reduceFiles(importing, { type: 'progress', job: job({ status: 'failed', failed: [{ name: 'a.pdf', msg: '服务重启' }] }) }),
    ).toMatchObject({
      status: 'finished',
      outcome: { kind: 'failed' },
    })
  })

  it('waits for 重试 after polls fail, and a progress answer clears that', () => {
    const stalled = reduceFiles(importing, { type: 'pollFailed', msg: '网络错误，请检查您的网络连接' })
    expect(stalled).toMatchObject({ stalled: '网络错误，请检查您的网络连接' })
    expect(reduceFiles(stalled, { type: 'retry' })).toMatchObject({ stalled: null })
    expect(reduceFiles(stalled, { type: 'progress', job: job({ done: 1 }) })).toMatchObject({ stalled: null, done: 1 })
  })
})

describe('when the authorization expires', () => {
  it.each<[string, ImportState]>([
    ['checking', { status: 'checking' }],
    ['browsing', browsing()],
    ['sending the import', browsing({ pending: 'starting', picked: [{ fsId: 'a', name: 'a.pdf', size: 1 }] })],
    ['importing', { status: 'importing', jobId: 'j1', done: 1, total: 2, stalled: null }],
  ])('returns to the authorize step from %s', (_name, state) => {
    expect(reduceFiles(state, { type: 'expired' })).toEqual({ status: 'unauthorized', authorizing: false })
  })
})

describe('when finished', () => {
  it('starts over after a failed job on 重新选择', () => {
    expect(reduceFiles({ status: 'finished', outcome: { kind: 'failed', createdIds: [], failed: [] } }, { type: 'restart' })).toEqual({
      status: 'checking',
    })
  })

  it('stays put after a success', () => {
    const done: ImportState = { status: 'finished', outcome: { kind: 'done', createdIds: [1], failed: [] } }
    expect(reduceFiles(done, { type: 'restart' })).toBe(done)
    expect(reduceFiles(done, { type: 'expired' })).toBe(done)
  })
})

describe('when the link is bad', () => {
  it('goes from checking to badLink, and stays there whatever comes', () => {
    const bad = reduceFiles({ status: 'checking' }, { type: 'badLink' })
    expect(bad).toEqual({ status: 'badLink' })
    for (const event of [{ type: 'retry' }, { type: 'shown' }, { type: 'statusLoaded', authorized: true, account: 'x' }] as const) {
      expect(reduceFiles(bad, event)).toBe(bad)
    }
  })
})
