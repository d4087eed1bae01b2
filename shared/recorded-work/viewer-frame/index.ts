export { ViewerFrame, type ViewerFrameProps } from './viewer-frame'
