export { toBookFolder, type BookFolder } from './folder'
export * from './rules'
export * from './texts'
export * from './urls'
