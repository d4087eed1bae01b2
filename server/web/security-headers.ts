/**
 * Headers every answer carries, and the page policy every HTML answer carries: scripts from this origin
 * plus the hashes of the page's own inline scripts (computed from the bytes sent, so a page with the
 * fake host or a server-made page gets its own), no plugins, no <base>, and never inside a frame.
 * The built pages also carry the script policy as a <meta> (scripts/build/csp-meta.ts) for CDNs that cannot
 * set it per page; the two agree.
 */
import type { FastifyInstance } from 'fastify'
import { inlineScriptHashes } from '../../common/inline-script-hashes'

/** The Content-Security-Policy of an HTML answer. */
export function htmlPolicy(html: string): string {
  return [
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    // Uploaded files are user content: never let a browser guess them into HTML.
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'strict-origin-when-cross-origin')
    const type = String(reply.getHeader('content-type') ?? '')
    if (type.startsWith('text/html') && typeof payload === 'string') reply.header('content-security-policy', htmlPolicy(payload))
    return payload
  })
}
