export { WordSlide, type WordSlideProps } from './word-slide'
