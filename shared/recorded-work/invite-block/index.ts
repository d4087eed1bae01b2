export { InviteBlock, type InviteBlockProps } from './invite-block'
