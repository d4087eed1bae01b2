export { ShareMask, type ShareMaskProps } from './share-mask'
