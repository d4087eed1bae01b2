export { drawShareCover } from './share-first-screen'
