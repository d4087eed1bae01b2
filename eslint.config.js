import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import local from './scripts/eslint-import-direction.js'
import reactFree from './scripts/eslint-react-free.js'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'artifacts/', 'server/demo-media/', 'bench/tmp/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, local, 'react-free': reactFree },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'local/import-direction': 'error',
      'react-free/core': 'error',
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
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
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
  {
    files: ['pages/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'axios', message: 'Use shared/http; only it imports axios.' }] }],
    },
  },
  {
    files: ['shared/http/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
