export { InAppOnly, type InAppOnlyProps } from './in-app-only'
export { OpenInAppScreen } from './open-in-app-screen'
