/** Types of the plain-JS lint plugin beside this file (ESLint loads it without a build step). */
import type { ESLint } from 'eslint'

declare const plugin: ESLint.Plugin
export default plugin
