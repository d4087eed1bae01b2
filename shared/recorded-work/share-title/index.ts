export { ShareTitle, type ShareTitleProps } from './share-title'
