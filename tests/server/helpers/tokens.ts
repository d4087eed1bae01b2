/** Signed tokens as the product's sign-in issues them, and a key set served over HTTP, for the sign-in tests. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose'

export const TEST_ISSUER = 'https://login.example.com'
export const TEST_AUDIENCE = 'kids-english-api'
/** A 32-byte HS256 secret. */
export const TEST_SECRET = 'test-secret-0123456789abcdef0123'

export interface TokenOptions {
  subject?: string | null
  issuer?: string
  audience?: string
  /** Seconds from now; null = no `exp` claim. */
  expiresIn?: number | null
  /** The HS256 secret, or an asymmetric private key. */
  key?: string | CryptoKey
  alg?: string
  kid?: string
  claims?: JWTPayload
}

/** A JWT signed as the sign-in would (HS256 with {@link TEST_SECRET} unless said otherwise). */
export async function signToken(options: TokenOptions = {}): Promise<string> {
  const { subject = 'user-1', issuer = TEST_ISSUER, audience = TEST_AUDIENCE, expiresIn = 600, key = TEST_SECRET, alg = 'HS256' } = options
  const jwt = new SignJWT({ ...options.claims })
    .setProtectedHeader({ alg, ...(options.kid ? { kid: options.kid } : {}) })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
  if (subject !== null) jwt.setSubject(subject)
  if (expiresIn !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
  return jwt.sign(typeof key === 'string' ? new TextEncoder().encode(key) : key)
}

/** A key set (JWKS) served on loopback, as a sign-in publishes its public keys. */
export interface KeySetServer {
  url: string
  privateKey: CryptoKey
  kid: string
  /** Requests it answered. */
  fetches: number
  /** While true, every fetch gets a 503 (the sign-in's key server down). */
  down: boolean
  stop(): Promise<void>
}

export async function startKeySetServer(): Promise<KeySetServer> {
  const { publicKey, privateKey } = await generateKeyPair('ES256')
  const kid = 'key-1'
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] })
  const out = { url: '', privateKey, kid, fetches: 0, down: false, stop: async () => {} }
  const server: Server = createServer((_req, res) => {
    out.fetches++
    if (out.down) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('down')
    res.writeHead(200, { 'content-type': 'application/json' }).end(jwks)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  out.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`
  out.stop = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return out
}
