export { renderImperatively, type ImperativeHandler, type ImperativeProps } from './render-imperatively'
