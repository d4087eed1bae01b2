export { OpenAppButton, type OpenAppButtonProps } from './open-app-button'
