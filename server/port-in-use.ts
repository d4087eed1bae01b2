/**
 * A busy port is a user mistake, not a crash: `npm start` says which port and what to do, in one line,
 * and exits 1, before it spends time on the build (server/check-port.ts) and again if the port is taken
 * between that check and the listen (server/main.ts).
 */
import { createServer } from 'node:net'

/** The one line `npm start` prints when `port` is taken. */
export function portInUseMessage(port: number): string {
  return `端口 ${port} 已被占用，请设置 PORT（例如 PORT=${port === 3000 ? 3001 : 3000} npm start）/ port ${port} is already in use: set PORT`
}

/** True when `error` is the listen failure of a port another process holds. */
export function isPortInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE'
}

/** Resolves true when nothing listens on `host:port` (it listens for a moment, then closes). */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error) => (isPortInUse(error) ? resolve(false) : reject(error)))
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)))
  })
}
