// @vitest-environment node
/**
 * The run's last lines name its longest files, and the long ones the longest-first order does not know
 * (scripts/test/vitest-summary-reporter.ts): such a file starts among the last and holds one worker at the end.
 */
import { describe, expect, it } from 'vitest'
import { listedSeconds } from '../../../scripts/test/longest-first-sequencer'
import { timings, type FileTime } from '../../../scripts/test/vitest-summary-reporter'

const small = (i: number): FileTime => ({ file: `tests/unit/f${i}.test.ts`, project: 'unit', seconds: 1 })

describe('the run timings', () => {
  it('name a long file the order counts as short, with both figures', () => {
    const unknown = { file: 'tests/delivery/not-listed.test.ts', project: 'delivery', seconds: 151 }
    expect(listedSeconds('delivery', unknown.file)).toBe(2)
    expect(timings([unknown, small(1)])).toContain('tests/delivery/not-listed.test.ts 151 s (counted 2 s)')
  })

  it('leave out a long file the order knows, and short files', () => {
    const listed = { file: 'tests/delivery/documented-commands.test.ts', project: 'delivery', seconds: 160 }
    const short = { file: 'tests/server/x.test.ts', project: 'server', seconds: 20 }
    expect(timings([listed, short])).toBe('')
  })

  it('list the 15 longest of a larger run, longest first', () => {
    const files = [...Array.from({ length: 20 }, (_, i) => small(i)), { file: 'tests/e2e/long.test.ts', project: 'e2e', seconds: 25 }]
    const line = timings(files)
      .split('\n')
      .find((l) => l.startsWith('Longest files (s): '))!
    expect(line.startsWith('Longest files (s): tests/e2e/long.test.ts 25, ')).toBe(true)
    expect(line.split(', ')).toHaveLength(15)
  })
})
