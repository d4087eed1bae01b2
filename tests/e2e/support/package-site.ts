/**
 * A site as a deploy with a signing key leaves it, for one page of the built `dist/`: the page's files,
 * its immutable HTML (`_releases/<name>/<release>.html`) and a signed `rollout.json` naming it stable,
 * served as nginx serves a directory target (tests/delivery/helpers/static-server.ts). With a reference
 * host (common/app-host) that verified the document and installed the package, in memory.
 */
import { createPrivateKey } from 'node:crypto'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { createAppHost, memoryStorage, type AppHost, type InstallResult, type RefreshResult } from '../../../common/app-host/index.ts'
import { releaseHtmlPath, type ReleaseRef } from '../../../common/rollout/document.ts'
import type { PagesManifest } from '../../../scripts/delivery/manifest'
import { newKeyPair, signRollout } from '../../../scripts/delivery/rollout/sign.ts'
import { serveDirectory } from '../../delivery/helpers/static-server'

const DIST = resolve(import.meta.dirname, '../../../dist')

export interface PackageSite {
  host: AppHost
  /** The release the document names for the route. */
  ref: ReleaseRef
  /** The host's first refresh and install, as the app does them at start. */
  refreshed: RefreshResult
  installed: InstallResult
  close(): Promise<void>
}

export async function startPackageSite(route: string, appVersion = '2.12.0'): Promise<PackageSite> {
  const manifest = JSON.parse(readFileSync(join(DIST, 'pages-manifest.json'), 'utf8')) as PagesManifest
  const entry = manifest.routes[route]!
  const dir = mkdtempSync(join(tmpdir(), 'kids-app-host-site-'))
  const html = releaseHtmlPath(entry.name, entry.release!)
  const copy = (from: string, to: string) => {
    mkdirSync(dirname(join(dir, to)), { recursive: true })
    cpSync(join(DIST, from), join(dir, to))
  }
  copy(entry.html.file, entry.html.file)
  copy(entry.html.file, html)
  for (const asset of entry.assets) copy(asset.file, asset.file)
  const ref: ReleaseRef = {
    release: entry.release!,
    html,
    minAppVersion: '1.0.0',
    files: [
      { path: html, size: entry.html.size, sha256: entry.html.sha256 },
      ...entry.assets.map((a) => ({ path: a.file, size: a.size, sha256: a.sha256 })),
    ],
  }
  const { privatePem, publicKey } = newKeyPair()
  const issuedAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z')
  writeFileSync(
    join(dir, 'rollout.json'),
    signRollout({ version: 1, serial: 1, issuedAt, routes: { [route]: { stable: ref } } }, createPrivateKey(privatePem)),
  )
  const site = await serveDirectory(() => dir)
  const host = await createAppHost({ siteUrl: site.url, publicKey, deviceId: 'e2e-device', appVersion, storage: memoryStorage() })
  const refreshed = await host.refresh()
  const installed = await host.install()
  return {
    host,
    ref,
    refreshed,
    installed,
    close: async () => {
      await site.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
