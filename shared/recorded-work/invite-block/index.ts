export { InviteBlock, type InviteBlockProps } from './invite-block'
export { copyText, selectText } from './copy-text'
