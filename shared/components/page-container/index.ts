export { PageContainer, type PageContainerProps } from './page-container'
