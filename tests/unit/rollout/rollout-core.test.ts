import { createHash, generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  cohortBucket,
  importRolloutPublicKey,
  inCanary,
  packageFileMismatch,
  parseRolloutDocument,
  releaseHtmlPath,
  RolloutFormatError,
  RolloutRefused,
  stringifyRolloutDocument,
  verifyRollout,
  type RolloutDocument,
} from '../../../common/rollout/index.ts'
import { newKeyPair, publicKeyBase64, signRollout, signingKeyFromEnv } from '../../../scripts/delivery/rollout/sign.ts'

// A parsed document being broken on purpose: any field may be set to anything.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any

const hex = (s: string) => createHash('sha256').update(s).digest('hex')
const release = (id: string, name = 'price_up') => ({
  release: id,
  html: releaseHtmlPath(name, id),
  minAppVersion: '2.3.0',
  files: [
    { path: releaseHtmlPath(name, id), size: 10, sha256: hex(`html ${id}`) },
    { path: 'assets/price_up-Cx1.js', size: 2048, sha256: hex('js') },
  ],
})
const doc = (): RolloutDocument => ({
  version: 1,
  serial: 7,
  issuedAt: '2026-12-02T10:00:00.000Z',
  routes: {
    '/price_up': { stable: release('0123456789ab'), canary: { ...release('ba9876543210'), share: 20 } },
    '/': { stable: release('aaaaaaaaaaaa', 'home') },
  },
})

describe('the rollout document', () => {
  it('reads back what it writes, routes sorted', () => {
    const text = stringifyRolloutDocument(doc())
    expect(parseRolloutDocument(text)).toEqual(doc())
    expect(Object.keys(JSON.parse(text).routes)).toEqual(['/', '/price_up'])
  })

  it.each([
    ['an unknown field', (d: Loose) => (d.extra = 1)],
    ['another version', (d: Loose) => (d.version = 2)],
    ['a share of 0', (d: Loose) => (d.routes['/price_up'].canary.share = 0)],
    ['a share over 100', (d: Loose) => (d.routes['/price_up'].canary.share = 101)],
    ['a fractional share', (d: Loose) => (d.routes['/price_up'].canary.share = 2.5)],
    ['a path that climbs out', (d: Loose) => (d.routes['/'].stable.files[1].path = '../etc/passwd')],
    ['an absolute URL as a file', (d: Loose) => (d.routes['/'].stable.files[1].path = 'https://evil.example/x.js')],
    ['an HTML not at the release path', (d: Loose) => (d.routes['/'].stable.html = 'home/index.html')],
    ['a file listed twice', (d: Loose) => d.routes['/'].stable.files.push({ ...d.routes['/'].stable.files[1] })],
    ['a short hash', (d: Loose) => (d.routes['/'].stable.files[1].sha256 = 'abc')],
    ['a negative size', (d: Loose) => (d.routes['/'].stable.files[1].size = -1)],
    ['a canary equal to stable', (d: Loose) => (d.routes['/price_up'].canary.release = d.routes['/price_up'].stable.release)],
    ['a bad route', (d: Loose) => (d.routes['price_up'] = d.routes['/'])],
    ['no files', (d: Loose) => (d.routes['/'].stable.files = [])],
    ['an app version that is not x.y.z', (d: Loose) => (d.routes['/'].stable.minAppVersion = 'latest')],
    ['null where a release goes', (d: Loose) => (d.routes['/'].stable = null)],
  ])('refuses %s', (_name, edit) => {
    const d = JSON.parse(stringifyRolloutDocument(doc()))
    edit(d)
    expect(() => parseRolloutDocument(JSON.stringify(d))).toThrow(RolloutFormatError)
  })
})

describe('the signature', () => {
  it('verifies what the deploy signed, and nothing else', async () => {
    const pair = newKeyPair()
    const key = signingKeyFromEnv({ ROLLOUT_SIGNING_KEY: pair.privatePem })
    expect(publicKeyBase64(key)).toBe(pair.publicKey)
    const publicKey = await importRolloutPublicKey(pair.publicKey)
    const body = signRollout(doc(), key)
    expect(await verifyRollout(body, publicKey)).toEqual(doc())

    const envelope = JSON.parse(body)
    const tampered = JSON.stringify({ ...envelope, document: envelope.document.replace('"share":20', '"share":100') })
    await expect(verifyRollout(tampered, publicKey)).rejects.toThrow(RolloutRefused)
    const other = await importRolloutPublicKey(newKeyPair().publicKey)
    await expect(verifyRollout(body, other)).rejects.toThrow('does not verify')
    await expect(verifyRollout(body.slice(0, body.length / 2), publicKey)).rejects.toThrow(RolloutRefused)
    await expect(verifyRollout(JSON.stringify({ ...envelope, by: 'me' }), publicKey)).rejects.toThrow('unknown field')
    await expect(verifyRollout(JSON.stringify({ ...envelope, signature: 'not base64!' }), publicKey)).rejects.toThrow(RolloutRefused)
  })

  it('refuses a key that is not Ed25519, or none', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    expect(() => signingKeyFromEnv({ ROLLOUT_SIGNING_KEY: rsa })).toThrow('not Ed25519')
    expect(() => signingKeyFromEnv({})).toThrow('ROLLOUT_SIGNING_KEY')
    expect(() => signingKeyFromEnv({ ROLLOUT_SIGNING_KEY: 'nonsense' })).toThrow('not a PEM')
  })
})

describe('cohorts', () => {
  it('matches the documented test vector, computed here with node:crypto', async () => {
    const digest = createHash('sha256').update('device-0001\n/price_up\n0123456789ab').digest()
    expect(await cohortBucket('device-0001', '/price_up', '0123456789ab')).toBe(digest.readUInt32BE(0) % 10_000)
    expect(await cohortBucket('device-0001', '/price_up', '0123456789ab')).toBe(1519)
    expect(await inCanary('device-0001', '/price_up', '0123456789ab', 16)).toBe(true)
    expect(await inCanary('device-0001', '/price_up', '0123456789ab', 15)).toBe(false)
  })

  it('puts about the share of 10,000 devices in the canary, each for good, and draws anew for a new canary', async () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `device-${i}`)
    const first = await Promise.all(ids.map((id) => inCanary(id, '/price_up', '0123456789ab', 20)))
    const again = await Promise.all(ids.map((id) => inCanary(id, '/price_up', '0123456789ab', 20)))
    const next = await Promise.all(ids.map((id) => inCanary(id, '/price_up', 'ba9876543210', 20)))
    const share = first.filter(Boolean).length / ids.length
    expect(share).toBeGreaterThan(0.19)
    expect(share).toBeLessThan(0.21)
    expect(again).toEqual(first)
    const both = first.filter((c, i) => c && next[i]).length / ids.length
    expect(both).toBeGreaterThan(0.03) // independent draws: about 4 %
    expect(both).toBeLessThan(0.05)
    // Growing the share keeps every device already in the canary.
    const wider = await Promise.all(ids.map((id) => inCanary(id, '/price_up', '0123456789ab', 50)))
    expect(first.every((c, i) => !c || wider[i])).toBe(true)
    expect(await Promise.all(ids.slice(0, 100).map((id) => inCanary(id, '/', 'x', 100)))).not.toContain(false)
  })
})

describe('package files', () => {
  it('takes a file only at its size and hash', async () => {
    const bytes = new TextEncoder().encode('console.log(1)')
    const file = { path: 'assets/a.js', size: bytes.length, sha256: hex('console.log(1)') }
    expect(await packageFileMismatch(file, bytes)).toBeNull()
    expect(await packageFileMismatch(file, bytes.slice(0, 5))).toMatch(/size 5/)
    expect(await packageFileMismatch(file, new TextEncoder().encode('console.log(2)'))).toMatch(/sha256 differs/)
  })
})
