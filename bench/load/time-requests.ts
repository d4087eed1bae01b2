/**
 * One connection asking a URL again as soon as each answer is in (or `gapMs` after it), for some
 * seconds, in a process of its own (the load generator's event loop, busy with its own connections,
 * would delay these answers):
 *   node --import tsx time-requests.ts <url> <seconds> [authorization] [gapMs]
 * A gap of 20 ms keeps one user under the server's per-user rate limit (60 a second), as a person is.
 * Prints `{ latencies, failed }` as JSON: every latency in ms, to the microsecond.
 */
import { Agent, request } from 'node:http'

const [url, seconds, authorization, gapMs = '0'] = process.argv.slice(2) as [string, string, string | undefined, string | undefined]
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
const headers = authorization ? { authorization } : {}
const latencies: number[] = []
let failed = 0
const until = performance.now() + Number(seconds) * 1000
while (performance.now() < until) {
  const start = performance.now()
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.resume()
      res.once('end', () => resolve(res.statusCode ?? 0))
    })
    req.once('error', reject)
    req.end()
  })
  latencies.push(performance.now() - start)
  if (status !== 200) failed++
  if (Number(gapMs) > 0) await new Promise((resolve) => setTimeout(resolve, Number(gapMs)))
}
agent.destroy()
console.log(JSON.stringify({ latencies, failed }))
