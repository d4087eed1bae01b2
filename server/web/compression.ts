/**
 * Compression of what the server sends, as a CDN serves the build (docs/deploying.md, the nginx sample's
 * `gzip`): HTML, JS, CSS, JSON, SVG and other text, gzip when the browser accepts it, so what a newcomer
 * measures under `npm start` is what a phone gets from the CDN. Pictures and audio are compressed
 * already and go as they are; so does anything under 1 KB. Request bodies are never decompressed
 * (a small gzip body could unpack to far more than the body limit).
 */
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** The types worth compressing: text, scripts, styles, JSON and SVG. */
export const COMPRESSIBLE =
  /^(?:text\/(?:html|css|javascript|plain)|application\/(?:javascript|json|manifest\+json)|image\/svg\+xml)(?:;|$)/

/** Registers compression for every route registered after it (the plugin hooks each route as it is added). */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['gzip'],
    customTypes: COMPRESSIBLE,
    threshold: 1024,
    globalDecompression: false,
  })
}
