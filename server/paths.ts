/**
 * Default locations, resolved from this file so they do not depend on the working directory. The same
 * under `tsx server/main.ts` and in the bundle of `npm run build:server` (dist-server/main.mjs): this
 * file's folder, server/, and the bundle's, dist-server/, are both one level under the repository root,
 * so everything is found from there, and the files the server reads by path at run time (migrations,
 * demo media, the fake host's script, the database worker) stay in server/ (scripts/build/server-bundle.ts).
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root (the folder holding package.json). */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
/** The server's sources and the files it reads at run time. */
export const SERVER_DIR = join(REPO_ROOT, 'server')
/** Where PGlite and uploads live unless `DATA_DIR` says otherwise (git-ignored). */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data')
/** The built pages (`vite build` output). */
export const DEFAULT_DIST_DIR = join(REPO_ROOT, 'dist')
/** The committed demo media, served at `/media/`. */
export const DEMO_MEDIA_DIR = join(SERVER_DIR, 'demo-media')
/** Numbered SQL migrations. */
export const MIGRATIONS_DIR = join(SERVER_DIR, 'migrations')
/** The fake host's script (development only), served at `/__fake-host.js`. */
export const FAKE_HOST_FILE = join(SERVER_DIR, 'fake-host', 'fake-host.js')
/** PGlite's worker thread: plain JavaScript, run as it is from the sources and from the bundle alike. */
export const PGLITE_WORKER_FILE = join(SERVER_DIR, 'db', 'pglite-worker.js')
