/**
 * The clipboard, the one way every page copies text (the invite code, a shared link). React-free; call in
 * a browser only.
 */

/**
 * Copies `text` to the clipboard: the async Clipboard API first (secure contexts), then the old
 * `execCommand('copy')` on a selected off-screen text area (WebViews without the API, plain http).
 * Resolves true when one of them worked. Never throws.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Denied or unavailable (no user activation, insecure context): try the selection route.
  }
  return copyBySelection(text)
}

/**
 * The old synchronous copy: `execCommand('copy')` on a selected off-screen text area (16 px, so iOS does
 * not zoom into it; `setSelectionRange`, which iOS needs to select it). False when refused. Never throws.
 */
export function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  // Off screen, and 16 px so iOS does not zoom into it.
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0;font-size:16px'
  document.body.appendChild(area)
  try {
    area.select()
    area.setSelectionRange(0, text.length)
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

/** Selects the text of `element` on screen, so the visitor can copy it by hand. */
export function selectText(element: HTMLElement | null): void {
  const selection = element ? window.getSelection() : null
  if (!element || !selection) return
  selection.removeAllRanges()
  selection.selectAllChildren(element)
}
