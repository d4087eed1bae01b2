export { EndSlide, type EndSlideProps } from './end-slide'
