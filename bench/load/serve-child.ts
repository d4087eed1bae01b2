/**
 * The server under load, in a process of its own (the load generator must not share its event
 * loop): `startServer` on DATA_DIR and DIST_DIR, any free loopback port, printed as `LISTENING <url>`.
 */
import { startServer } from '../../server/start.ts'

const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: process.env.DATA_DIR, distDir: process.env.DIST_DIR })
console.log(`LISTENING ${server.url}`)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
