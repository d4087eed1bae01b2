export { PageSlide, type PageSlideProps } from './page-slide'
