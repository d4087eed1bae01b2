export { usePresence, EXIT_MS, type PresenceState } from './use-presence'
export { useModalFocus } from './use-modal-focus'
export { ModalFrame, type ModalFrameProps, type ModalIds } from './modal-frame'
