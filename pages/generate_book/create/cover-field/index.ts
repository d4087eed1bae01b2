export { CoverField, IMAGE_MAX_BYTES, type CoverFieldProps } from './cover-field'
