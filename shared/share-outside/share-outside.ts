/**
 * Sharing a page outside the app (docs/decisions.md): WeChat has its own menu, so the caller shows the share
 * guide; any other browser gets the system share sheet where it exists, else the link is copied.
 * React-free: the caller shows the guide and the toasts.
 */
import { copyBySelection } from '../clipboard'

/** What is shared. */
export interface SharePayload {
  title: string
  text: string
  url: string
}

/**
 * - `guide`: in WeChat, show the share-guide mask (image 0);
 * - `shared`: the system share sheet took it, or the user closed it (nothing to say);
 * - `copied`: the link was copied (toast `链接已复制，快去分享给好友吧`);
 * - `failed`: nothing worked (toast asking to copy by hand).
 */
export type ShareOutcome = 'guide' | 'shared' | 'copied' | 'failed'

/** The browser surface; tests pass fakes, pages use {@link browserShareHost}. */
export interface ShareHost {
  isWeChat: boolean
  share?: (data: SharePayload) => Promise<void>
  writeClipboard?: (text: string) => Promise<void>
  /** The old synchronous copy (a selected textarea + `execCommand('copy')`); false when refused. */
  copyBySelection?: (text: string) => boolean
}

export const COPIED_MESSAGE = '链接已复制，快去分享给好友吧'
export const COPY_FAILED_MESSAGE = '复制失败，请手动复制'

/** The host of a real page. Call only in a browser. */
export function browserShareHost(isWeChat: boolean): ShareHost {
  const nav = navigator as Navigator & { share?: (data: SharePayload) => Promise<void> }
  return {
    isWeChat,
    share: typeof nav.share === 'function' ? (data) => nav.share!(data) : undefined,
    writeClipboard: nav.clipboard && typeof nav.clipboard.writeText === 'function' ? (text) => nav.clipboard.writeText(text) : undefined,
    copyBySelection,
  }
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError'

/** Shares `payload` the way this browser can; see {@link ShareOutcome}. */
export async function shareOutside(payload: SharePayload, host: ShareHost): Promise<ShareOutcome> {
  if (host.isWeChat) return 'guide'
  if (host.share) {
    try {
      await host.share(payload)
      return 'shared'
    } catch (error) {
      // The user closed the sheet: done. Any other refusal (no user gesture, a blocked type): copy.
      if (isAbort(error)) return 'shared'
    }
  }
  if (host.writeClipboard) {
    try {
      await host.writeClipboard(payload.url)
      return 'copied'
    } catch {
      // Clipboard permission refused: try the old way.
    }
  }
  return host.copyBySelection?.(payload.url) ? 'copied' : 'failed'
}
