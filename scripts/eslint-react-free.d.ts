// Types for eslint-react-free.js (plain JS so that eslint.config.js loads it without a compiler).
import type { ESLint } from 'eslint'

declare const plugin: ESLint.Plugin
export default plugin
export const CORE_FOLDERS: readonly string[]
export const CORE_TS_FOLDERS: readonly string[]
export function isCore(file: string): boolean
