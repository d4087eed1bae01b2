/**
 * A site as the reference host sees it (tests/unit/app-host/): files by path, a `rollout.json` signed with
 * a key of its own, and a `fetch` that serves them, each file breakable on purpose (a wrong byte, a short
 * body, a failure, a hang). Releases are made of small text files.
 */
import { createHash, createPrivateKey, sign } from 'node:crypto'
import { releaseHtmlPath, type CanaryRef, type ReleaseRef, type RolloutDocument } from '../../../common/rollout/document.ts'
import { newKeyPair, signRollout } from '../../../scripts/delivery/rollout/sign.ts'

export const SITE = 'https://h5.example.com'

export type Breakage = 'flip' | 'truncate' | 'longer' | 'http500' | 'throw' | 'hang'

const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex')

export function fakeSite() {
  const files = new Map<string, Uint8Array<ArrayBuffer>>()
  const broken = new Map<string, Breakage>()
  const hanging: (() => void)[] = []
  const requests: string[] = []
  const { privatePem, publicKey } = newKeyPair()
  const key = createPrivateKey(privatePem)
  let serial = 0
  let envelope = ''

  const put = (path: string, text: string) => {
    const bytes = new TextEncoder().encode(text)
    files.set(path, bytes)
    return { path, size: bytes.byteLength, sha256: sha(bytes) }
  }

  return {
    publicKey,
    requests,
    /** Paths of files whose download is held until `release()`. */
    broken,
    /** Lets every held download go on (as it would have been served). */
    releaseHanging: () => hanging.splice(0).forEach((go) => go()),
    /** A release of `name`'s page: its HTML (naming `tag`), its own script, and the shared React chunk. */
    release(name: string, tag: string, minAppVersion = '1.0.0'): ReleaseRef {
      const release = sha(`${name} ${tag}`).slice(0, 12)
      const html = releaseHtmlPath(name, release)
      return {
        release,
        html,
        minAppVersion,
        files: [
          put(html, `<!doctype html><html><head><title>${name} ${tag}</title></head><body>${tag}</body></html>`),
          put(`assets/${name}-${release}.js`, `console.log(${JSON.stringify(tag)})`),
          put('assets/react-abc123.js', 'react'),
          put('favicon.svg', '<svg/>'),
        ],
      }
    },
    canary: (ref: ReleaseRef, share: number): CanaryRef => ({ ...ref, share }),
    /** Writes `rollout.json`: the next serial unless given. */
    publish(routes: RolloutDocument['routes'], at = serial + 1): RolloutDocument {
      serial = Math.max(serial, at)
      const doc: RolloutDocument = { version: 1, serial: at, issuedAt: '2026-12-02T10:00:00.000Z', routes }
      envelope = signRollout(doc, key)
      files.set('rollout.json', new TextEncoder().encode(envelope))
      return doc
    },
    /** Signs any document text with the site's key (one the deploy would never write). */
    publishText(document: string) {
      const signature = sign(null, Buffer.from(document, 'utf8'), key).toString('base64')
      files.set('rollout.json', new TextEncoder().encode(JSON.stringify({ document, signature })))
    },
    /** Replaces `rollout.json` with any text (a tampered or foreign document). */
    setRolloutText: (text: string) => files.set('rollout.json', new TextEncoder().encode(text)),
    envelope: () => envelope,
    fetch: (async (input: string | URL) => {
      const url = new URL(input)
      const path = url.pathname.slice(1)
      requests.push(path)
      const bytes = url.origin === SITE ? files.get(path) : undefined
      const breakage = broken.get(path)
      if (breakage === 'throw') throw new TypeError('network down')
      if (breakage === 'http500') return new Response('no', { status: 500 })
      if (breakage === 'hang') await new Promise<void>((go) => hanging.push(go))
      if (!bytes) return new Response('not found', { status: 404 })
      if (breakage === 'flip') return new Response(bytes.map((b, i) => (i === 0 ? b ^ 1 : b)))
      if (breakage === 'truncate') return new Response(bytes.slice(0, -1))
      if (breakage === 'longer') return new Response(new Uint8Array([...bytes, 32]))
      return new Response(bytes.slice())
    }) as typeof fetch,
  }
}
