/**
 * Two real builds of this repo that differ in one page. The repo's sources are copied into a temp
 * directory (the change below must not touch the checkout), built with the repo's own vite.config.ts,
 * then one page of the copy gains a lazily imported module with its own CSS and images, and the copy is
 * built again. The delivery project's global setup does this once for all its test files.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, appendFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { discoverRoutes, routeFolder } from '../../../scripts/build/routes'

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')
// What the build reads: besides pages, shared and its tools, common/ (the inline-script hashing of
// scripts/build/csp-meta.ts, the field report's shape the reporter bundles: common/telemetry/).
const COPIED = ['pages', 'shared', 'public', 'scripts', 'common', 'vite.config.ts', 'tsconfig.json']

/** Where the two builds are: plain data, so the global setup can hand it to the test files. */
export interface BuiltTwice {
  /** The temp directory holding the copy and both builds; removed by `removeBuilds`. */
  root: string
  before: string
  after: string
  /** The route whose page was changed between the builds. */
  changed: { route: string; name: string; path: string }
}

/** Builds the repo twice, changing one page in between. */
export async function buildTwice(): Promise<BuiltTwice> {
  const tmp = mkdtempSync(join(tmpdir(), 'kids-english-delivery-'))
  const src = join(tmp, 'src')
  for (const item of COPIED) {
    if (existsSync(join(repo, item))) cpSync(join(repo, item), join(src, item), { recursive: true })
  }
  symlinkSync(join(repo, 'node_modules'), join(src, 'node_modules'), 'dir')

  const before = join(tmp, 'dist-before')
  await viteBuild(src, before)
  const routes = discoverRoutes(join(src, 'pages')).filter((r) => r !== '')
  const route = routes[routes.length - 1]
  if (route === undefined) throw new Error('the repo has no page besides home to change')
  addLazyModule(join(src, 'pages', routeFolder(route)))
  const after = join(tmp, 'dist-after')
  await viteBuild(src, after)

  return { root: tmp, before, after, changed: { route, name: routeFolder(route), path: `/${route}` } }
}

/** Deletes what `buildTwice` made. */
export function removeBuilds(builds: BuiltTwice): void {
  rmSync(builds.root, { recursive: true, force: true })
}

async function viteBuild(root: string, outDir: string): Promise<void> {
  // vitest sets NODE_ENV=test, which would give a development React build.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
}

/** Bytes that look like nothing Vite would inline (above assetsInlineLimit) and differ per `seed`. */
function pictureBytes(seed: number): Buffer {
  return Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31 + seed * 17 + (i >> 5)) % 256))
}

/** Makes the page's entry module lazily import a new module that brings CSS, a CSS image and a JS image. */
function addLazyModule(pageDir: string): void {
  const html = readFileSync(join(pageDir, 'index.html'), 'utf8')
  const entry = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1]
  if (!entry) throw new Error(`${pageDir}/index.html has no module script`)
  const probe = join(pageDir, 'delivery-probe')
  mkdirSync(probe, { recursive: true })
  writeFileSync(join(probe, 'probe-picture.png'), pictureBytes(1))
  writeFileSync(join(probe, 'probe-backdrop.png'), pictureBytes(2))
  writeFileSync(join(probe, 'lazy-probe.css'), '.delivery-probe { background: url(./probe-backdrop.png); }\n')
  writeFileSync(
    join(probe, 'lazy-probe.ts'),
    "import './lazy-probe.css'\nimport picture from './probe-picture.png'\nexport const probePicture: string = picture\n",
  )
  appendFileSync(join(pageDir, entry), "\nvoid import('./delivery-probe/lazy-probe.ts')\n")
}
