export { CoverSlide, type CoverSlideProps } from './cover-slide'
