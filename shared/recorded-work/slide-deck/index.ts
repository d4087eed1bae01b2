export { SlideDeck, type SlideDeckProps } from './slide-deck'
