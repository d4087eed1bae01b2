import { describe, expect, it } from 'vitest'
import { mapLimit, Progress } from '../../scripts/delivery/parallel'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('mapLimit', () => {
  it('keeps at most `limit` calls in flight and returns the results in order', async () => {
    let inFlight = 0
    let most = 0
    const results = await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (x) => {
      most = Math.max(most, ++inFlight)
      await tick()
      inFlight--
      return x * 10
    })
    expect(results).toEqual([10, 20, 30, 40, 50, 60, 70])
    expect(most).toBe(3)
  })

  it('starts nothing new after a failure, and throws it', async () => {
    const started: number[] = []
    const run = mapLimit([1, 2, 3, 4, 5, 6], 2, async (x) => {
      started.push(x)
      await tick()
      if (x === 2) throw new Error('503')
    })
    await expect(run).rejects.toThrow('503')
    expect(started).toEqual([1, 2, 3])
  })
})

describe('Progress', () => {
  it('draws files and bytes on one terminal line', () => {
    const out: string[] = []
    const progress = new Progress('Uploading', 2, 3000, { isTTY: true, write: (t: string) => out.push(t) })
    progress.add(1000)
    progress.add(2000)
    progress.done()
    expect(out.at(-2)).toBe('\rUploading 2/2 files, 3.0 kB of 3.0 kB\x1b[K')
    expect(out.at(-1)).toBe('\n')
  })

  it('writes nothing when the output is not a terminal', () => {
    const out: string[] = []
    const progress = new Progress('Uploading', 1, 10, { isTTY: false, write: (t: string) => out.push(t) })
    progress.add(10)
    progress.done()
    expect(out).toEqual([])
  })
})
