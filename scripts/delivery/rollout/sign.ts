/**
 * Signs a rollout document with the deploy's Ed25519 private key (`ROLLOUT_SIGNING_KEY`: a PKCS#8 PEM, or
 * `ROLLOUT_SIGNING_KEY_FILE`: a file holding one), into the envelope common/rollout/signature.ts verifies.
 * `npx tsx scripts/delivery/rollout/sign.ts --new-key` prints a new key pair: the PEM for the deploy's
 * environment and the 32-byte public key (base64) the app is built with.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { stringifyRolloutDocument, type RolloutDocument } from '../../../common/rollout/document.ts'
import type { SignedEnvelope } from '../../../common/rollout/signature.ts'
import { DeliveryError } from '../errors.ts'

/** The private key from the environment, or a DeliveryError saying what to set. */
export function signingKeyFromEnv(env: NodeJS.ProcessEnv = process.env): KeyObject {
  const pem = env.ROLLOUT_SIGNING_KEY ?? (env.ROLLOUT_SIGNING_KEY_FILE ? readKeyFile(env.ROLLOUT_SIGNING_KEY_FILE) : undefined)
  if (!pem) {
    throw new DeliveryError(
      'a rollout needs ROLLOUT_SIGNING_KEY (an Ed25519 PKCS#8 PEM) or ROLLOUT_SIGNING_KEY_FILE: see docs/rollout.md "Keys"',
    )
  }
  let key: KeyObject
  try {
    key = createPrivateKey(pem)
  } catch {
    throw new DeliveryError('ROLLOUT_SIGNING_KEY is not a PEM private key')
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new DeliveryError(`ROLLOUT_SIGNING_KEY is an ${key.asymmetricKeyType} key, not Ed25519`)
  return key
}

function readKeyFile(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    throw new DeliveryError(`ROLLOUT_SIGNING_KEY_FILE ${path} cannot be read`)
  }
}

/** The 32 raw bytes of the key's public half, base64: what the app holds. */
export function publicKeyBase64(key: KeyObject): string {
  const der = createPublicKey(key).export({ type: 'spki', format: 'der' })
  return der.subarray(der.length - 32).toString('base64')
}

/** The envelope's JSON text for `doc`, signed with `key`. */
export function signRollout(doc: RolloutDocument, key: KeyObject): string {
  const document = stringifyRolloutDocument(doc)
  const signature = sign(null, Buffer.from(document, 'utf8'), key).toString('base64')
  const envelope: SignedEnvelope = { document, signature }
  return `${JSON.stringify(envelope)}\n`
}

/** A new key pair: the private PEM and the public key as the app holds it. */
export function newKeyPair(): { privatePem: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ed25519')
  return { privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKeyBase64(privateKey) }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] !== '--new-key') {
    console.error('usage: npx tsx scripts/delivery/rollout/sign.ts --new-key')
    process.exit(2)
  }
  const pair = newKeyPair()
  console.log(`# ROLLOUT_SIGNING_KEY (keep it secret: the deploy's environment only)\n${pair.privatePem}`)
  console.log(`# the app's public key (base64, 32 bytes)\n${pair.publicKey}`)
}
