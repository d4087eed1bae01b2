import { readdirSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { noCycle } from './scripts/lint/no-cycle.js'

const root = import.meta.dirname

// ---- The boundaries, as data (docs/style.md 2: imports flow one way) -------------------------------------
// eslint-plugin-import-x's no-restricted-paths holds each rule below as a zone; `local/no-cycle`
// (scripts/lint/no-cycle.js) refuses a loop of files, type-only imports included. Imports are resolved like the
// build resolves them (tsconfig.json: the `@shared` alias, .ts/.tsx).

/**
 * shared/, lowest layer first: a folder may import the folders listed before it and its own files, never
 * a folder listed after it, so no two layers can import each other. A folder and the folders under it are
 * one layer, unless a folder under it is listed too (`components/toast`, below `hooks`, which toast; the
 * rest of `components` above `hooks`, whose hooks its components use).
 */
const SHARED_LAYERS = [
  'assets',
  'styles',
  'config',
  'telemetry',
  'format',
  'clipboard',
  'open-in-app',
  'env',
  // The field reporter (docs/telemetry.md) reads the user agent's markers (env) and the queue telemetry keeps.
  'field-reporter',
  'bridge',
  'share-outside',
  'http',
  'api',
  'first-screen',
  'recorded-work/player',
  'recorded-work/data',
  'book-folder',
  'components/overlay',
  'components/toast',
  'hooks',
  'components',
  'app',
  'recorded-work',
]

/**
 * The React-free core of shared/ (README, "A shared library, React-free first"): it renders nothing, so the
 * pages' inline head script and the server-side prerender can bundle it. No React import, no `.tsx`, and
 * nothing from shared/ outside the core. Of `book-folder` and `app` only the `.ts` files are core.
 */
const CORE = [
  'shared/config',
  'shared/telemetry',
  'shared/field-reporter',
  'shared/format',
  'shared/clipboard',
  'shared/env',
  'shared/bridge',
  'shared/share-outside',
  'shared/http',
  'shared/api',
  'shared/first-screen',
  'shared/recorded-work/data',
  'shared/recorded-work/player',
]
const CORE_TS = ['shared/book-folder', 'shared/app']

/**
 * scripts/delivery/ (docs/deploying.md, "The code"), lowest first: the pages manifest and the small helpers at
 * its top level, then the two stores behind their interface, the release records and the lock, release
 * health (read from the API, judged), the steps of a run, the command line. Each imports only what is listed before it.
 */
const DELIVERY_LAYERS = ['store', 'releases', 'health', 'run', 'cli']

/** Every route folder (a folder of pages/ with an index.html): a page imports only its own folder and shared/. */
const PAGE_FOLDERS = readdirSync(join(root, 'pages'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('index.html'))
  .map((file) => `pages/${dirname(file)}`.replace(/\\/g, '/'))

/** The zones of no-restricted-paths: `target` files may not import `from` files (except `except`). */
function zones() {
  const list = [
    { target: 'shared', from: 'pages', message: 'shared/ must not import a page.' },
    ...['shared', 'pages'].flatMap((browser) =>
      ['server', 'scripts', 'bench', 'tests'].map((tool) => ({
        target: browser,
        from: tool,
        message: `browser code must not import ${tool}/.`,
      })),
    ),
    ...['pages', 'shared', 'scripts', 'bench', 'tests'].map((other) => ({
      target: 'server',
      from: other,
      message: `server/ must not import ${other}/: it reads what the build writes (dist/pages-manifest.json).`,
    })),
    ...['server', 'bench', 'tests'].map((other) => ({
      target: 'scripts',
      from: other,
      message: `scripts/ (build, delivery, docs and test tools) must not import ${other}/.`,
    })),
    // common/: node code the server and the build both use (the CSP hashes); it imports nothing of the repo.
    ...['pages', 'shared', 'server', 'scripts', 'bench', 'tests'].map((other) => ({
      target: 'common',
      from: other,
      message: `common/ imports nothing of the repo (${other}/): the server and the build both use it.`,
    })),
    // The app's reference host (docs/app-integration.md) is the native app's part: no page runs it.
    ...['pages', 'shared'].map((browser) => ({
      target: browser,
      from: 'common/app-host',
      message: 'common/app-host/ is the app host, which serves the pages: no page imports it.',
    })),
    ...PAGE_FOLDERS.map((page) => ({
      target: page,
      from: 'pages',
      except: [relative('pages', page)],
      message: 'pages must not import each other: move what both need to shared/.',
    })),
  ]
  // scripts/delivery/'s layers: its top-level files import no layer, each layer none listed after it.
  for (const [i, layer] of DELIVERY_LAYERS.entries()) {
    for (const target of ['scripts/delivery/*.ts', ...DELIVERY_LAYERS.slice(0, i).map((lower) => `scripts/delivery/${lower}`)]) {
      list.push({
        target,
        from: `scripts/delivery/${layer}`,
        message: `scripts/delivery/${layer}/ is above ${target.replace('/*.ts', '/ (its top level)')} (DELIVERY_LAYERS in eslint.config.js).`,
      })
    }
  }
  // shared/'s layers: each may not import a layer listed after it (its own folders excepted).
  SHARED_LAYERS.forEach((layer, i) => {
    for (const higher of SHARED_LAYERS.slice(i + 1)) {
      if (layer.startsWith(`${higher}/`)) continue // its own parent folder: the other parts of it are listed below
      const except = SHARED_LAYERS.filter((lower, j) => j <= SHARED_LAYERS.indexOf(higher) && lower.startsWith(`${higher}/`)).map((lower) =>
        relative(higher, lower),
      )
      list.push({
        target: `shared/${layer}`,
        from: `shared/${higher}`,
        ...(except.length ? { except } : {}),
        message: `shared/${layer} is below shared/${higher} (SHARED_LAYERS in eslint.config.js): move what both need down.`,
      })
    }
  })
  // The core imports nothing of shared/ outside the core.
  for (const core of [...CORE, ...CORE_TS.map((folder) => `${folder}/**/*.ts`)]) {
    const outside = SHARED_LAYERS.map((layer) => `shared/${layer}`).filter(
      (folder) => ![...CORE, ...CORE_TS].some((c) => folder === c || folder.startsWith(`${c}/`) || c.startsWith(`${folder}/`)),
    )
    for (const from of outside)
      list.push({
        target: core,
        from,
        message: `${core} is React-free core: it must not import ${from} (report to the page layer instead).`,
      })
  }
  return list
}

const NO_AXIOS = { name: 'axios', message: 'Use shared/http; only it imports axios.' }
const NO_REACT = { regex: '^react(-dom)?(/|$)', message: 'This folder is React-free core: report to the page layer instead.' }
const coreFiles = [...CORE.map((folder) => `${folder}/**/*.{ts,tsx}`), ...CORE_TS.map((folder) => `${folder}/**/*.ts`)]

export default tseslint.config(
  // lint-probe-*: the boundaries test's probe files (tests/unit/build/boundaries.test.ts), which break the
  // rules on purpose while the tests run beside \`npm run lint\` (npm test); that test lints them itself.
  {
    ignores: [
      'dist/',
      'dist-server/',
      'node_modules/',
      '.data/',
      'artifacts/',
      'server/demo-media/',
      'bench/tmp/',
      'coverage/',
      '**/lint-probe-*/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, local: { rules: { 'no-cycle': noCycle } } },
    settings: {
      // import-x's TypeScript preset (which files it parses to follow imports), with the resolver pointed at tsconfig.json.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: zones() }],
      // A loop of files, type-only imports included (import-x's no-cycle leaves those out, with no option to keep them).
      'local/no-cycle': ['error', { tsconfig: join(root, 'tsconfig.json') }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Text renders as text: no dangerouslySetInnerHTML.' },
      ],
    },
  },
  {
    // Type-aware rules over every TypeScript file (tsconfig.json covers pages, shared, server, scripts,
    // bench and tests): a promise is awaited, returned or handled, never dropped or passed where a
    // callback's result is ignored.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-array-delete': 'error',
    },
  },
  // Browser code: only shared/http imports axios; the core imports no React either.
  { files: ['pages/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { paths: [NO_AXIOS] }] } },
  { files: coreFiles, rules: { 'no-restricted-imports': ['error', { paths: [NO_AXIOS], patterns: [NO_REACT] }] } },
  { files: ['shared/http/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [NO_REACT] }] } },
  // The reference host is what native teams copy: platform-free, its one Node file apart.
  {
    files: ['common/app-host/**/*.ts'],
    ignores: ['common/app-host/directory-storage.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'common/app-host/ is platform-free: Node goes in directory-storage.ts.' }] },
      ],
    },
  },
  {
    // The field reports' capture script (docs/telemetry.md): a classic script in plain ES5, whose catch needs its
    // binding (tests/unit/build/field-reports-build.test.ts parses what the build makes of it as ES5).
    files: ['scripts/build/telemetry/capture.es5.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  {
    files: CORE.map((folder) => `${folder}/**/*.tsx`),
    rules: { 'no-restricted-syntax': ['error', { selector: 'Program', message: 'This folder is React-free core: no .tsx files here.' }] },
  },
)
