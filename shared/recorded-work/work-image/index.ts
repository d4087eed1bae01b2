export { WorkImage, type WorkImageProps } from './work-image'
