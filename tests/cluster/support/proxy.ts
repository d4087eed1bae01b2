/**
 * A small round-robin HTTP proxy in front of the instances, as a load balancer: each request goes to
 * the next running instance; one that refuses the connection (stopped, restarting) is skipped, as
 * nginx's `proxy_next_upstream error` does. Answers it forwards are passed on as they are (a 503 too).
 */
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Instance } from './instance'

export interface Proxy {
  url: string
  /** Which instance answered each request, by name, in order. */
  served: string[]
  stop(): Promise<void>
}

export async function startProxy(instances: readonly Instance[]): Promise<Proxy> {
  let next = 0
  const served: string[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const tryFrom = (tries: number) => {
        const candidates = instances.filter((i) => i.url)
        if (tries >= instances.length || candidates.length === 0) return void res.writeHead(502).end('no instance')
        const target = candidates[next++ % candidates.length]!
        const forward = request(`${target.url}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          served.push(target.name)
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        })
        forward.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && !res.headersSent) tryFrom(tries + 1)
          else res.destroy()
        })
        forward.end(body)
      }
      tryFrom(0)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
