export * from './host.ts'
export * from './storage.ts'
export { MAX_VERSIONS, type PageVersion } from './packages.ts'
