import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { purgeUrls, runPurge } from '../../scripts/delivery/run/purge'

describe('purgeUrls', () => {
  it('gives each route as /route, /route/ and /route/index.html', () => {
    expect(purgeUrls('https://h5.example.com', ['/price_up', '/generate_book/list'])).toEqual([
      'https://h5.example.com/price_up',
      'https://h5.example.com/price_up/',
      'https://h5.example.com/price_up/index.html',
      'https://h5.example.com/generate_book/list',
      'https://h5.example.com/generate_book/list/',
      'https://h5.example.com/generate_book/list/index.html',
    ])
  })

  it('gives the home page as / and /index.html, and its aliases like any route', () => {
    expect(purgeUrls('https://h5.example.com/', ['/', '/wechat'])).toEqual([
      'https://h5.example.com/',
      'https://h5.example.com/index.html',
      'https://h5.example.com/wechat',
      'https://h5.example.com/wechat/',
      'https://h5.example.com/wechat/index.html',
    ])
  })

  it('keeps the path of a public URL that has one', () => {
    expect(purgeUrls('https://cdn.example.com/h5', ['/'])).toEqual([
      'https://cdn.example.com/h5',
      'https://cdn.example.com/h5/',
      'https://cdn.example.com/h5/index.html',
    ])
  })
})

describe('runPurge', () => {
  it('runs the command once with the URLs on its standard input, one per line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kids-purge-'))
    try {
      expect(await runPurge(`cat > '${dir}/in.txt'; echo run >> '${dir}/runs.txt'`, ['https://a/x', 'https://a/x/'])).toBeNull()
      expect(readFileSync(join(dir, 'in.txt'), 'utf8')).toBe('https://a/x\nhttps://a/x/\n')
      expect(readFileSync(join(dir, 'runs.txt'), 'utf8')).toBe('run\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('says how a failing command failed', async () => {
    expect(await runPurge('exit 3', ['https://a/x'])).toBe('the purge command failed (exit 3)')
  })
})
