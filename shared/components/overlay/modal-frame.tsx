import { useId, type ReactNode } from 'react'
import overlay from './overlay.module.css'
import { useModalFocus } from './use-modal-focus'
import { usePresence } from './use-presence'

/** Props of {@link ModalFrame}. */
export interface ModalFrameProps {
  visible: boolean
  /** Called once the closing animation is over and the frame is gone. */
  afterClose?: () => void
  /** Escape or a tap on the mask (and whatever the content wires to it). */
  onDismiss: () => void
  /** The layer's own class: where the panel sits (a bottom sheet, a centred dialog) and its z-index. */
  className?: string
  panelClassName?: string
  /** What names the dialog: its heading (`title`) or its text (`content`), else `label`. */
  labelledBy?: keyof ModalIds
  label?: string
  /** What describes it: its text under a heading. */
  describedBy?: keyof ModalIds
  /** The panel's content, given the ids its heading and text take. */
  children: (ids: ModalIds) => ReactNode
}

/** The ids of a modal's heading and text, made once it shows (a first screen drawn before React has no useId). */
export interface ModalIds {
  title: string
  content: string
}

/**
 * What every modal shares (the action sheet at the bottom, the dialog in the centre; antd-mobile's
 * Popup / CenterPopup split): the layer and its mask, the enter and exit animation states, a modal
 * `dialog` that takes focus and gives it back (use-modal-focus.ts), and Escape or the mask to dismiss.
 * Nothing is rendered once it has closed.
 */
export function ModalFrame(props: ModalFrameProps) {
  const state = usePresence(props.visible, props.afterClose)
  return state === 'hidden' ? null : <ModalLayer {...props} state={state} />
}

/** The shown layer: its ids and focus handling live while it is on screen. */
function ModalLayer({ state, ...props }: ModalFrameProps & { state: 'open' | 'closing' }) {
  const id = useId()
  const ids: ModalIds = { title: `${id}title`, content: `${id}content` }
  const { panelRef, onKeyDown } = useModalFocus<HTMLDivElement>(state === 'open', props.onDismiss)
  return (
    <div
      className={`${overlay.layer} ${props.className ?? ''}`}
      data-state={state}
      aria-hidden={state === 'closing' || undefined}
      inert={state === 'closing'}
    >
      <div className={overlay.mask} onClick={props.onDismiss} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.labelledBy && ids[props.labelledBy]}
        aria-label={props.labelledBy ? undefined : props.label}
        aria-describedby={props.describedBy && ids[props.describedBy]}
        tabIndex={-1}
        className={props.panelClassName}
        onKeyDown={onKeyDown}
      >
        {props.children(ids)}
      </div>
    </div>
  )
}
