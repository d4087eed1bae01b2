/**
 * Plausible release health for the health and watch tests: two pages over the last day, each with the
 * release it had and the one deployed 6 hours ago; the new /word_share throws on one client.
 */
import type { HealthReply } from '../../../common/telemetry/health'
import { hourAgo, problem, releaseHealth, replyOf, type Hour } from './fake-health'

/** Hours `from`..`to` hours ago (newest last), `views` each, with error and never-ready rates. */
export function hours(from: number, to: number, views: number, errorRate: number, neverReadyRate: number, readyP75 = 1400): Hour[] {
  const out: Hour[] = []
  let total = 0
  for (let n = from; n >= to; n--) {
    // A day's shape: busier in the evening. Bad views rounded on the running total, so the whole keeps its rate.
    const v = Math.round(views * (0.6 + 0.4 * Math.sin(n / 4)))
    const bad = (rate: number) => Math.round((total + v) * rate) - Math.round(total * rate)
    out.push({
      hour: hourAgo(n),
      views: v,
      errorViews: bad(errorRate),
      neverReadyViews: bad(neverReadyRate),
      readyP75: readyP75 + (n % 5) * 40,
    })
    total += v
  }
  return out
}

export const RELEASES = { wordBefore: 'a1b2c3d4e5f6', wordLive: '0f9e8d7c6b5a', priceBefore: '1234567890ab', priceLive: 'ba0987654321' }

export function sampleReply(): HealthReply {
  return replyOf([
    releaseHealth('/price_up', RELEASES.priceLive, hours(5, 0, 40, 0.01, 0.04, 1300)),
    releaseHealth('/price_up', RELEASES.priceBefore, hours(23, 6, 40, 0.01, 0.04, 1350)),
    releaseHealth('/word_share', RELEASES.wordLive, hours(5, 0, 60, 0.12, 0.09, 1900), {
      share: { app: 0.55, wechat: 0.3, browser: 0.15 },
      p75: { ready: 1900, lcp: 2300 },
      problems: [
        problem('error', "TypeError: undefined is not an object (evaluating 'word.phonetic.uk')", 41, {
          frame: '/assets/word-share-Bx3k9QzA.js:1:4210',
          file: '/assets/word-share-Bx3k9QzA.js',
        }),
      ],
    }),
    releaseHealth('/word_share', RELEASES.wordBefore, hours(23, 6, 60, 0.01, 0.04, 1450)),
  ])
}
