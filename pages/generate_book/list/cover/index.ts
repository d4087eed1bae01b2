export { Cover, type CoverProps } from './cover'
