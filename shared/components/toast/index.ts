export { Toast, type ToastProps } from './toast'
export { toast, clearToast, TOAST_DURATION, type ToastOptions } from './methods'
