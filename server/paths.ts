/** Default locations, resolved from this file so they do not depend on the working directory. */
import { fileURLToPath } from 'node:url'

/** The repository root (the folder holding package.json). */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Where PGlite and uploads live unless `DATA_DIR` says otherwise (git-ignored). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data', import.meta.url))
/** The built pages (`vite build` output). */
export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url))
/** The committed demo media, served at `/media/`. */
export const DEMO_MEDIA_DIR = fileURLToPath(new URL('./demo-media', import.meta.url))
/** Numbered SQL migrations. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))
