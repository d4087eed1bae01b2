/**
 * `npm run build:server`: the reference server built once into dist-server/, run by plain `node` in
 * production (`node dist-server/main.mjs`, docs/server.md "In production"), with no TypeScript loader at
 * start. Our code (server/, common/, shared/) is bundled; npm packages stay external, loaded from
 * node_modules at run time as under `tsx server/main.ts`. Three self-contained entries:
 *   dist-server/main.mjs                  the server (server/main.ts)
 *   dist-server/migrate.mjs               `npm run migrate`'s deploy step (server/migrate-cli.ts)
 *   dist-server/health-worker-start.mjs   the health read's worker thread (server/telemetry/health-worker.ts):
 *                                         health-reads.ts starts `./health-worker-start.mjs` next to its own
 *                                         module, which is server/telemetry/ from the sources and dist-server/
 *                                         from the bundle (there the worker is built code, with no tsx to load)
 * What the server reads by path at run time stays where it is (server/paths.ts: migrations, demo media, the
 * fake host's script, PGlite's worker, dist/): dist-server/ is one level under the repository root, as
 * server/ is, so the same paths hold.
 *
 * esbuild rather than Rolldown: it is the transform the server has always run through (tsx is esbuild), so
 * the bundle compiles our TypeScript exactly as `tsx server/main.ts` did; its `packages: 'external'` is
 * "npm packages from node_modules at run time" in one option; it takes ~0.3 s. Rolldown is only reachable
 * here as Vite's own dependency.
 *
 * Each file is written beside its place and renamed over it, so a server starting meanwhile never reads
 * half a file, and two builds at once (tests) do no harm.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { build, type Message } from 'esbuild'

const ROOT = resolve(import.meta.dirname, '../..')
/** The bundle's folder: one level under the root, as server/ is (server/paths.ts). Not configurable for that reason. */
export const SERVER_BUNDLE_DIR = join(ROOT, 'dist-server')
/** The file production runs. */
export const SERVER_BUNDLE_MAIN = join(SERVER_BUNDLE_DIR, 'main.mjs')

const ENTRIES = {
  main: 'server/main.ts',
  migrate: 'server/migrate-cli.ts',
  'health-worker-start': 'server/telemetry/health-worker.ts',
}

export interface ServerBundle {
  /** The files written, relative to the root. */
  files: string[]
  /** esbuild's warnings, formatted (none on a clean build). */
  warnings: string[]
}

const describe = (message: Message) => `${message.location ? `${message.location.file}:${message.location.line}: ` : ''}${message.text}`

/** Builds dist-server/; throws with esbuild's errors when our code does not compile. */
export async function buildServerBundle(): Promise<ServerBundle> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    outdir: SERVER_BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    tsconfig: join(ROOT, 'tsconfig.json'),
    // Stack traces name server/*.ts lines with `node --enable-source-maps`.
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'silent',
    write: false,
  })
  mkdirSync(SERVER_BUNDLE_DIR, { recursive: true })
  const files: string[] = []
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true })
    const part = `${file.path}.${process.pid}.part`
    writeFileSync(part, file.contents)
    renameSync(part, file.path)
    files.push(relative(ROOT, file.path))
  }
  return { files, warnings: result.warnings.map(describe) }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const started = Date.now()
  try {
    const { files, warnings } = await buildServerBundle()
    for (const warning of warnings) console.warn(`! ${warning}`)
    console.log(`Server built in ${Date.now() - started} ms: ${files.filter((file) => file.endsWith('.mjs')).join(', ')}`)
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors
    console.error(errors ? errors.map(describe).join('\n') : error)
    process.exit(1)
  }
}
