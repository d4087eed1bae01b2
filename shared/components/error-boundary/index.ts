export { ErrorBoundary, type ErrorBoundaryProps } from './error-boundary'
export { isChunkLoadError } from './is-chunk-load-error'
