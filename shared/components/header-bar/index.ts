export { HeaderBar, type HeaderBarProps } from './header-bar'
export { IconButton, type IconButtonProps } from './icon-button'
export type { IconName } from './icons'
