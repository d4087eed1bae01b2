export { Stars, type StarsProps } from './stars'
