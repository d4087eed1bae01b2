/**
 * The histograms release health keeps instead of every view's figures (docs/telemetry.md "Reading it back"):
 * a view's ready, FCP, LCP, INP and TTFB fall in log-spaced buckets of 12 % each (from 16 ms; one open
 * bucket from 63 s up), CLS in buckets of 50 %, so that rollups (server/telemetry/) add counts and a p75 or
 * a rank test reads the counts. A p75 read back is within half a bucket of the exact one: about ±6 % for
 * times (log-linear inside the bucket, exact where the values spread evenly in it). Pure; imports nothing.
 */

/** A histogram's shape: bucket 0 is [0, first), bucket i ≥ 1 is [first·ratio^(i-1), first·ratio^i), the last is open. */
export interface Buckets {
  first: number
  ratio: number
  /** How many buckets (the last one holds everything from its lower edge up). */
  count: number
}

/** Times in ms: [0, 16 ms), then 12 % steps up to 62.6 s, then one bucket up to the report's bound (an hour). */
export const MS_BUCKETS: Buckets = { first: 16, ratio: 1.12, count: 75 }
/** The series' ready (a chart's p75 a minute or an hour, ±15 %): [0, 100 ms), then 30 % steps to 41 s and beyond. */
export const SERIES_BUCKETS: Buckets = { first: 100, ratio: 1.3, count: 25 }
/** CLS (unitless): [0, 0.0001), then 50 % steps up to 100 (the report's bound). */
export const CLS_BUCKETS: Buckets = { first: 0.0001, ratio: 1.5, count: 36 }

/** The metrics kept as histograms, and the buckets each uses. */
export const HISTOGRAM_METRICS = ['ready', 'fcp', 'lcp', 'inp', 'ttfb', 'cls'] as const
export type HistogramMetric = (typeof HISTOGRAM_METRICS)[number]
export const BUCKETS_OF: Record<HistogramMetric, Buckets> = {
  ready: MS_BUCKETS,
  fcp: MS_BUCKETS,
  lcp: MS_BUCKETS,
  inp: MS_BUCKETS,
  ttfb: MS_BUCKETS,
  cls: CLS_BUCKETS,
}

/** The bucket of `value` (a finite number ≥ 0). */
export function bucketOf(value: number, { first, ratio, count }: Buckets): number {
  if (!(value >= first)) return 0
  return Math.min(count - 1, Math.floor(Math.log(value / first) / Math.log(ratio) + 1e-9) + 1)
}

/** The lower edge of bucket `i`. */
export function lowerEdge(i: number, { first, ratio }: Buckets): number {
  return i <= 0 ? 0 : first * ratio ** (i - 1)
}

/** The upper edge of bucket `i` (the last bucket's is where the next one would end). */
export function upperEdge(i: number, { first, ratio }: Buckets): number {
  return first * ratio ** i
}

/** An empty histogram of `buckets`. */
export const emptyHistogram = ({ count }: Buckets): number[] => new Array<number>(count).fill(0)

/** How many values a histogram holds. */
export const totalOf = (histogram: readonly number[]): number => histogram.reduce((sum, n) => sum + n, 0)

/**
 * The `q` quantile (0 < q < 1) of the values counted in `histogram`, interpolated inside its bucket
 * (linearly in bucket 0, log-linearly above it); null for an empty histogram.
 */
export function quantileOf(histogram: readonly number[], q: number, buckets: Buckets): number | null {
  const total = totalOf(histogram)
  if (total === 0) return null
  const rank = q * total
  let below = 0
  for (let i = 0; i < histogram.length; i++) {
    const n = histogram[i]!
    if (n > 0 && below + n >= rank) {
      const share = Math.min(1, Math.max(0, (rank - below) / n))
      const low = lowerEdge(i, buckets)
      const high = upperEdge(i, buckets)
      return i === 0 ? low + share * (high - low) : low * (high / low) ** share
    }
    below += n
  }
  return lowerEdge(histogram.length - 1, buckets)
}
