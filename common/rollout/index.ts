export * from './document.ts'
export * from './signature.ts'
export * from './cohort.ts'
export * from './package.ts'
