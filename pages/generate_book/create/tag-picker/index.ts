export { TagPicker, type TagPickerProps } from './tag-picker'
