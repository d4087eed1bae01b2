export { CoverFrame, type CoverAction, type CoverFrameProps } from './cover-frame'
