import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type UserConfig } from 'vite'
import { multiPage } from './scripts/build/vite-multi-page.ts'
import { pageMeta } from './scripts/build/page-meta.ts'
import { signedInMount } from './scripts/build/signed-in-mount.ts'
import { discoverRoutes, routeFolder } from './scripts/build/routes.ts'
import { cspMeta } from './scripts/build/csp-meta.ts'
import { entryWatchdog } from './scripts/build/entry-watchdog.ts'
import { fieldReports } from './scripts/build/telemetry/plugin.ts'
import { pagesManifest } from './scripts/build/pages-manifest.ts'
import { chunkModules } from './scripts/build/prerender/chunk-modules.ts'
import { prerender } from './scripts/build/prerender/plugin.ts'
import { aliasesOf, loadPages } from './scripts/build/pages/descriptors.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
const pagesDir = resolve(root, 'pages')
const routes = discoverRoutes(pagesDir)
const alias = { '@shared': resolve(root, 'shared') }

// Vite's built-in multi-page mode: one HTML entry per route folder under pages/.
// (vite-plugin-mpa 1.2.0 is not used: on Vite 8 its dev server 404s every route; see README.)
// A function, not top-level await: the config may be bundled as CommonJS (a copy without package.json).
export default defineConfig(async (): Promise<UserConfig> => {
  // Each page's descriptor (pages/<route>/page.ts): its aliases, params, first requests, demo links.
  const pages = await loadPages(root, pagesDir, routes, alias)
  return {
    root: pagesDir,
    publicDir: resolve(root, 'public'),
    envDir: root,
    appType: 'mpa',
    plugins: [
      // A signed-in page (page.ts `signedIn`) mounts inside the open-in-app screen (scripts/build/signed-in-mount.ts).
      signedInMount(root, pagesDir, pages),
      react(),
      // Never 加载中 forever: the error view when the page's code fails to load or to start.
      entryWatchdog(),
      // Every page reports its views: the capture script first in <head>, the reporter loaded once it has started (docs/telemetry.md).
      fieldReports(root, pagesDir, pages),
      multiPage({ pagesDir, routes, aliases: aliasesOf(pages) }),
      // Each page's <title>, description and Open Graph tags, from its page.ts (scripts/build/page-meta.ts).
      pageMeta(pagesDir, pages),
      // Paint before JS (issue 7): each page's frame rendered into its HTML; before the manifest hashes it.
      prerender({ repoRoot: root, pagesDir, routes, pages, plugins: () => [react()] }),
      // After the prerender's inline scripts, before the manifest hashes the HTML.
      cspMeta(),
      pagesManifest(pages),
      chunkModules(root),
    ],
    resolve: {
      alias,
    },
    build: {
      outDir: resolve(root, 'dist'),
      emptyOutDir: true,
      target: ['chrome87', 'safari14', 'ios14'],
      assetsInlineLimit: 2048,
      rolldownOptions: {
        // Rolldown's [PLUGIN_TIMINGS] block after every build (on by default in Vite 8) reads like a problem to a
        // newcomer; the prerender's writeBundle is most of the build by design. `node --cpu-prof` profiles a build.
        checks: { bundlerTimings: false },
        input: Object.fromEntries(
          routes.map((route) => [routeFolder(route).replace(/\//g, '-'), resolve(pagesDir, routeFolder(route), 'index.html')]),
        ),
        output: {
          codeSplitting: {
            groups: [
              // React in one chunk that every page reuses, so a WebView caches it once.
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 10 },
              // The shared code every page runs (env, bridge, mountPage, error boundary, toast, overlay, and Vite's
              // modulepreload polyfill) in one file instead of five or six: fewer requests and fewer gzip streams
              // (~0.2-0.6 kB less per page). Rolldown's own runtime (~0.2 kB) stays a file of its own: a group
              // cannot take it.
              // Taken: shared modules referenced by at least as many entry chunks as there are pages (lazy
              // chunks are entries too); the header bar is left out (the home page has none). `npm run budgets`
              // shows no page loads more for it.
              {
                name: 'core',
                test: /[\\/]shared[\\/](?!components[\\/]header-bar)|^\0?vite[\\/]modulepreload-polyfill/,
                minShareCount: routes.length,
                priority: 5,
              },
            ],
          },
        },
      },
    },
    server: {
      host: '127.0.0.1',
      // In dev the pages call their own origin (api-hosts: localhost -> origin); forward the API and media to the
      // reference server (`npm run serve`, port 3000 unless DEV_API_TARGET says otherwise).
      proxy: Object.fromEntries(
        ['/v1', '/media', '/uploads', '/__fake-host.js'].map((path) => [path, process.env.DEV_API_TARGET ?? 'http://127.0.0.1:3000']),
      ),
    },
  }
})
