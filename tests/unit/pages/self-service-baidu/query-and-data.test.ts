import { describe, expect, it } from 'vitest'
import { childDir, formatBytes, formatMtime, pathSegments, toCloudPage, toJobView } from '../../../../pages/self_service_baidu/cloud-data'
import { modeFromQuery } from '../../../../pages/self_service_baidu/query'

describe('the page query', () => {
  it('reads albumId mode: files into that album', () => {
    expect(modeFromQuery('?from=generate_book&albumId=12&supportSuffix=pdf')).toEqual({
      ok: true,
      mode: { pick: 'files', target: { albumId: 12 }, listId: 12, suffix: 'pdf' },
    })
  })

  it('reads parentId mode, 0 being the top level', () => {
    expect(modeFromQuery('?from=generate_book&parentId=0&supportSuffix=PDF')).toEqual({
      ok: true,
      mode: { pick: 'folders', target: { parentId: 0 }, listId: 0, suffix: 'pdf' },
    })
  })

  it('defaults the suffix to pdf', () => {
    expect(modeFromQuery('?albumId=3')).toMatchObject({ ok: true, mode: { suffix: 'pdf' } })
  })

  it.each([
    ['no target', '?from=generate_book&supportSuffix=pdf'],
    ['both targets', '?albumId=1&parentId=2'],
    ['a non-numeric albumId', '?albumId=abc'],
    ['albumId 0', '?albumId=0'],
    ['a negative parentId', '?parentId=-1'],
    ['a fractional parentId', '?parentId=1.5'],
    ['an empty albumId', '?albumId='],
    ['a suffix that is no suffix', '?albumId=1&supportSuffix=../x'],
  ])('refuses %s', (_name, search) => {
    expect(modeFromQuery(search).ok).toBe(false)
  })
})

describe('a page of the drive', () => {
  it('lists folders first and only files of the query suffix, whatever the server sent', () => {
    const shown = toCloudPage(
      {
        items: [
          { fsId: '1', name: 'a.PDF', isDir: false, size: 10, mtime: '2024-05-01T08:30:00' },
          { fsId: '2', name: 'song.mp3', isDir: false, size: 10, mtime: '2024-05-01T08:30:00' },
          { fsId: '3', name: '绘本', isDir: true, size: 99, mtime: '2024-05-01T08:30:00' },
          { fsId: '4', name: 'pdf', isDir: false, size: 10 },
        ],
        hasMore: true,
      },
      'pdf',
    )
    expect(shown.entries.map((e) => e.name)).toEqual(['绘本', 'a.PDF'])
    expect(shown.entries[0]).toMatchObject({ size: 0, time: '2024-05-01 08:30' })
    expect(shown).toMatchObject({ received: 4, hasMore: true })
  })

  it('survives hostile data: null fields, a null list, entries that are not objects', () => {
    expect(toCloudPage(null, 'pdf')).toEqual({ entries: [], received: 0, hasMore: false })
    expect(toCloudPage({ items: null, hasMore: null }, 'pdf').entries).toEqual([])
    const shown = toCloudPage(
      { items: [null, 7, { fsId: null, name: 'x.pdf' }, { fsId: 5, name: 'y.pdf', size: -3, mtime: 42 }] as never, hasMore: true },
      'pdf',
    )
    expect(shown.entries).toEqual([{ fsId: '5', name: 'y.pdf', isDir: false, size: 0, time: '' }])
  })

  it('does not ask for more after an empty page, whatever hasMore says', () => {
    expect(toCloudPage({ items: [], hasMore: true }, 'pdf').hasMore).toBe(false)
  })
})

describe('formatting', () => {
  it.each([
    [0, '0B'],
    [512, '512B'],
    [1536, '1.5KB'],
    [5 * 1024 * 1024, '5MB'],
    [1.5 * 1024 * 1024 * 1024, '1.5GB'],
    [Number.NaN, '0B'],
  ])('shows %s bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })

  it('shows a time to the minute and nothing for a broken one', () => {
    expect(formatMtime('2024-05-01T08:30:59')).toBe('2024-05-01 08:30')
    expect(formatMtime('yesterday')).toBe('')
    expect(formatMtime(null)).toBe('')
  })

  it('splits a path for the path bar and joins a child folder', () => {
    expect(pathSegments('/')).toEqual([])
    expect(pathSegments('/绘本/动物')).toEqual([
      { name: '绘本', dir: '/绘本' },
      { name: '动物', dir: '/绘本/动物' },
    ])
    expect(childDir('/', '绘本')).toBe('/绘本')
    expect(childDir('/绘本', '动物')).toBe('/绘本/动物')
  })
})

describe('a job reply', () => {
  it('reads an unknown status as running and drops broken entries', () => {
    expect(
      toJobView({
        status: 'queued',
        done: 3,
        total: 2,
        createdIds: [1, 'x' as never],
        failed: [null as never, { name: 'a.pdf', msg: null }],
      }),
    ).toEqual({
      status: 'running',
      done: 2,
      total: 2,
      createdIds: [1],
      failed: [{ name: 'a.pdf', msg: '' }],
    })
  })

  it('reads null as a job just started', () => {
    expect(toJobView(null)).toEqual({ status: 'running', done: 0, total: 0, createdIds: [], failed: [] })
  })
})
