/**
 * Issue 47 on the S3 target, through the command line as ops run it: a canary deploy of the real build's
 * changed page leaves every route's HTML object as it was and writes a rollout.json that verifies with the
 * app's key, whose every file the public URL serves with its size and SHA-256 (and the Headers table's
 * Cache-Control); --promote then switches the page, purged and verified; prune keeps what the document names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { releaseHtmlPath } from '../../common/rollout/document'
import { packageFileMismatch } from '../../common/rollout/package'
import { importRolloutPublicKey, verifyRollout } from '../../common/rollout/signature'
import { newKeyPair } from '../../scripts/delivery/rollout/sign'
import { IMMUTABLE, ROLLOUT_CACHE } from '../../scripts/delivery/store/headers'
import { buildPair, type BuildPair } from './helpers/build-pair'
import { runDeploy } from './helpers/run-deploy'
import { servedVersionsS3 } from './helpers/s3-checks'
import { BUCKET, startS3Server, type S3Server } from './helpers/s3-server'

let pair: BuildPair
let s3: S3Server
const prefix = 'rollout'
const keys = newKeyPair()
beforeAll(async () => {
  pair = buildPair()
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3?.stop()
  pair?.cleanup()
})

const to = `s3://${BUCKET}/${prefix}`
const deploy = (...args: string[]) => runDeploy(['--to', to, ...args], { ...s3.env, ROLLOUT_SIGNING_KEY: keys.privatePem })

/** rollout.json as the app gets it from the public URL, verified with its public key. */
async function publicDocument() {
  const response = await fetch(`${s3.publicUrl(prefix)}/rollout.json`)
  expect(response.headers.get('cache-control')).toBe(ROLLOUT_CACHE)
  return verifyRollout(await response.text(), await importRolloutPublicKey(keys.publicKey))
}

describe('staged rollouts on s3://…', () => {
  it('--canary leaves the routes’ HTML as it was and names reachable files; --promote switches the page; prune keeps what is named', async () => {
    const first = await deploy('--from', pair.before.dir)
    expect(first.code, first.stderr).toBe(0)
    const page = pair.changed.path
    const stable = pair.before.manifest.routes[page]!.release!
    const canary = pair.after.manifest.routes[page]!.release!

    const out = await deploy('--from', pair.after.dir, '--pages', pair.changed.name, '--canary', '20')
    expect(out.code, out.stderr).toBe(0)
    expect(out.stdout).toContain(`  ${page}: release ${canary} to 20 % of app devices; stable ${stable}`)
    expect(out.stdout).toMatch(/^rollout\.json: serial 2$/m)
    // Browsers keep stable: every route's HTML object is the first build's.
    expect([...(await servedVersionsS3(s3, prefix, [pair.before.manifest, pair.after.manifest])).values()].every((v) => v === 0)).toBe(true)

    const doc = await publicDocument()
    expect(doc.routes[page]!.stable.release).toBe(stable)
    expect(doc.routes[page]!.canary).toMatchObject({ release: canary, share: 20, html: releaseHtmlPath(pair.changed.name, canary) })
    // Every file of every package, as the app would download it from the public URL.
    let files = 0
    for (const r of Object.values(doc.routes)) {
      for (const ref of [r.stable, ...(r.canary ? [r.canary] : [])]) {
        for (const file of ref.files) {
          const response = await fetch(`${s3.publicUrl(prefix)}/${file.path}`)
          expect(response.status, file.path).toBe(200)
          expect(await packageFileMismatch(file, new Uint8Array(await response.arrayBuffer())), file.path).toBeNull()
          if (file.path.startsWith('_releases/')) {
            expect(response.headers.get('cache-control')).toBe(IMMUTABLE)
            expect(response.headers.get('content-type')).toMatch(/^text\/html/)
          }
          files++
        }
      }
    }
    expect(files).toBeGreaterThan(Object.keys(doc.routes).length * 2)

    // Prune keeps the canary: its record and the document name it.
    const pruned = await deploy('--prune', '--keep', '1', '--grace', '0')
    expect(pruned.code, pruned.stderr).toBe(0)
    expect(await s3.object(prefix, releaseHtmlPath(pair.changed.name, canary))).not.toBeNull()
    for (const a of pair.after.manifest.routes[page]!.assets) expect(await s3.object(prefix, a.file), a.file).not.toBeNull()

    const promoted = await deploy('--promote', '--public-url', s3.publicUrl(prefix), '--verify')
    expect(promoted.code, promoted.stderr).toBe(0)
    expect(promoted.stdout).toMatch(/^Verified: \d+ pages?, \d+ files at .*: all match$/m)
    expect((await servedVersionsS3(s3, prefix, [pair.before.manifest, pair.after.manifest])).get(page)).toBe(1)
    const after = await publicDocument()
    expect(after.serial).toBe(doc.serial + 1)
    expect(after.routes[page]).toEqual({ stable: expect.objectContaining({ release: canary }) })

    // Without the key, the target refuses in one line.
    const keyless = await runDeploy(['--to', to, '--from', pair.after.dir], s3.env)
    expect(keyless.code).toBe(1)
    expect(keyless.stderr).toMatch(/has a rollout\.json and this run has no signing key/)
  })
})
