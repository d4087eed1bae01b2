// @vitest-environment node
/** scripts/build/prerender/decision-cache.ts: a route is rendered again only when what decides it changed. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { cachedDecision, decisionKey, saveDecision } from '../../../scripts/build/prerender/decision-cache'
import type { Decision } from '../../../scripts/build/prerender/decide'

const dir = mkdtempSync(join(tmpdir(), 'decision-cache-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const file = (name: string, text: string) => {
  writeFileSync(join(dir, name), text)
  return pathToFileURL(join(dir, name)).href
}
const files = {
  serverEntryUrl: file('server-entry.mjs', 'entry'),
  pageUrl: file('page-0.mjs', 'page'),
  preload: [file('chunk.mjs', 'chunk')],
}
const key = () => decisionKey('price_up', files, { id: '7' }, {})

describe('the prerender decision cache', () => {
  it('keys a route by its files, its probes and its typical query', () => {
    const before = key()
    expect(key()).toBe(before)
    expect(decisionKey('price_up', files, { id: '8' }, {})).not.toBe(before)
    expect(decisionKey('price_up', files, { id: '7' }, { id: '7' })).not.toBe(before)
    expect(decisionKey('home', files, { id: '7' }, {})).not.toBe(before)
  })

  it('renders again when a chunk the page loads changed', () => {
    const before = key()
    file('chunk.mjs', 'chunk, changed')
    expect(key()).not.toBe(before)
  })

  it('gives back a saved decision, and nothing for an unknown key', () => {
    const decision: Decision = { route: 'price_up', mode: 'hydrate', markup: '<h1>价格调整通知</h1>', guard: null, reads: [] }
    saveDecision(join(dir, 'cache'), key(), decision)
    expect(cachedDecision(join(dir, 'cache'), key())).toEqual(decision)
    expect(cachedDecision(join(dir, 'cache'), 'f'.repeat(64))).toBeNull()
    expect(readdirSync(join(dir, 'cache'))).toEqual([`${key()}.json`])
  })
})
