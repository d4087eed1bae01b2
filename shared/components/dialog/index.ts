export { Dialog, type DialogProps } from './dialog'
export { confirm, clearDialogs, type ConfirmOptions } from './methods'
