import { monitorEventLoopDelay } from 'node:perf_hooks'
import { buildApp } from './server/app'
import { openDb } from './server/db/open-db'
const db = await openDb({ databaseUrl: 'postgres://postgres@127.0.0.1:55432/bench10m', migrate: false, dataDir: '/tmp' })
const app = await buildApp({ db, dataDir: '/tmp/x', rateLimits: false, distDir: '/tmp/none' })
await app.ready()
for (let i = 0; i < 25; i++) {
  const h = monitorEventLoopDelay({ resolution: 1 }); h.enable()
  const t = performance.now()
  const res = await app.inject({ method: 'GET', url: '/ops/release-health?since=168', headers: { 'accept-encoding': 'gzip' } })
  h.disable()
  console.log('status', res.statusCode, 'ms', (performance.now() - t).toFixed(0), 'bytes', res.rawPayload.length, 'max loop delay', (h.max / 1e6).toFixed(0), 'p99', (h.percentile(99) / 1e6).toFixed(0))
}
await app.close(); await db.close()
