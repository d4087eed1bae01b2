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
