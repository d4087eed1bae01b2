/**
 * The signed envelope the deploy writes as `rollout.json`:
 *
 *     { "document": "<the document's JSON, as text>", "signature": "<base64 Ed25519 signature>" }
 *
 * The signature covers the UTF-8 bytes of `document` exactly as written, so no canonical form is needed:
 * the app verifies those bytes with its public key (32 raw bytes, base64) and only then parses them
 * (./document.ts). WebCrypto only, so the same code verifies in Node, a browser or a test's host.
 */
import { parseRolloutDocument, type RolloutDocument } from './document.ts'

/** Why a `rollout.json` was refused: the app keeps its last good document. */
export class RolloutRefused extends Error {
  override name = 'RolloutRefused'
}

export interface SignedEnvelope {
  document: string
  signature: string
}

const MAX_ENVELOPE_CHARS = 2_000_000

function base64Bytes(value: string, at: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || value.length % 4 !== 0) throw new RolloutRefused(`${at}: not base64`)
  const binary = atob(value)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Imports the app's public key: 32 raw bytes as base64 (docs/rollout.md "Keys"). */
export async function importRolloutPublicKey(base64: string): Promise<CryptoKey> {
  const raw = base64Bytes(base64.trim(), 'public key')
  if (raw.length !== 32) throw new RolloutRefused('public key: not 32 bytes')
  return crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify'])
}

/**
 * Verifies a `rollout.json` body against `key` and returns its document; throws RolloutRefused (a bad
 * envelope, a signature that does not verify) or RolloutFormatError (signed, but not a document this app reads).
 */
export async function verifyRollout(body: string, key: CryptoKey): Promise<RolloutDocument> {
  if (body.length > MAX_ENVELOPE_CHARS) throw new RolloutRefused('envelope: too large')
  let envelope: unknown
  try {
    envelope = JSON.parse(body)
  } catch {
    throw new RolloutRefused('envelope: not JSON')
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) throw new RolloutRefused('envelope: not an object')
  const { document, signature, ...rest } = envelope as Record<string, unknown>
  if (Object.keys(rest).length) throw new RolloutRefused(`envelope: unknown field ${Object.keys(rest).join(', ')}`)
  if (typeof document !== 'string' || typeof signature !== 'string')
    throw new RolloutRefused('envelope: document and signature must be text')
  const sig = base64Bytes(signature, 'signature')
  if (sig.length !== 64) throw new RolloutRefused('signature: not 64 bytes')
  const ok = await crypto.subtle.verify({ name: 'Ed25519' }, key, sig, new TextEncoder().encode(document))
  if (!ok) throw new RolloutRefused('signature: does not verify')
  return parseRolloutDocument(document)
}
