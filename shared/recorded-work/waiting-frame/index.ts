export { WaitingFrame, type WaitingFrameProps } from './waiting-frame'
