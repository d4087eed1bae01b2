export { BottomBar, type BottomBarProps } from './bottom-bar'
