export { TextArea, type TextAreaProps } from './text-area'
export { limitEdit } from './limit-edit'
