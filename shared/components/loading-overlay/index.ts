export { LoadingOverlay, type LoadingOverlayProps } from './loading-overlay'
export { showLoading, hideLoading } from './methods'
