/**
 * The two builds of the delivery tests (build-twice.ts), made once by the project's global setup
 * (tests/delivery/global-setup.ts) and shared by every test file. The builds are read only; each file
 * gets its own scratch directory for the deploy targets it writes.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { loadManifest, type PagesManifest } from '../../../scripts/delivery/manifest'
import type { BuiltTwice } from './build-twice'

declare module 'vitest' {
  export interface ProvidedContext {
    deliveryBuilds: BuiltTwice
  }
}

export interface BuildPair {
  /** Scratch directory for this test file (deploy targets go here); removed by `cleanup`. */
  tmp: string
  before: { dir: string; manifest: PagesManifest }
  after: { dir: string; manifest: PagesManifest }
  /** The route whose page was changed between the builds. */
  changed: { route: string; name: string; path: string }
  cleanup: () => void
}

/** The shared builds, with a fresh scratch directory for the calling test file. */
export function buildPair(): BuildPair {
  const builds = inject('deliveryBuilds')
  const tmp = mkdtempSync(join(builds.root, 'scratch-'))
  return {
    tmp,
    before: { dir: builds.before, manifest: loadManifest(builds.before) },
    after: { dir: builds.after, manifest: loadManifest(builds.after) },
    changed: builds.changed,
    cleanup: () => rmSync(tmp, { recursive: true, force: true }),
  }
}
