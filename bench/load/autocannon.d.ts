// The part of autocannon's API the load bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    /** Each request of the sequence, `setupRequest` changing it before it is sent. */
    requests?: { setupRequest?: (request: { headers?: Record<string, string> }) => { headers?: Record<string, string> } }[]
  }
  export interface Histogram {
    p50: number
    p90: number
    p99: number
    max: number
    average: number
  }
  export interface Result {
    latency: Histogram
    requests: { total: number; average: number }
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
