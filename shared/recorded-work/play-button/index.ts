export { PlayButton, type PlayButtonProps } from './play-button'
