export { copyBySelection, copyText, selectText } from './clipboard'
