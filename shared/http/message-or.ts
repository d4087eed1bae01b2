import { MSG_FAILED } from './envelope'

/** What a failed load says when the server gave no message of its own. */
export const LOAD_FAILED = '获取数据失败'

/** The server's message, or `fallback` when there is none beyond the HTTP layer's generic one. */
export function messageOr(msg: string | null | undefined, fallback: string): string {
  return msg && msg !== MSG_FAILED ? msg : fallback
}
