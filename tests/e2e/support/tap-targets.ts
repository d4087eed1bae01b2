/**
 * Tap targets for browser journeys: every control on screen answers a touch at least 44×44 CSS px
 * (WCAG 2.5.5, issue 16). A control's target is its box, grown by an absolutely placed `::before` or
 * `::after` (the way a compact pill gets a 44 px target without looking bigger).
 */
import type { Page } from 'playwright-core'

export const MIN_TARGET_PX = 44

/** Controls smaller than 44×44, as `tag "name" WxH` lines; empty when all are large enough. */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const px = (v: string) => (v.endsWith('px') ? parseFloat(v) : 0)
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, label, [role="button"], [role="checkbox"], [role="radio"], [tabindex]:not([tabindex="-1"])',
    )
    const small: string[] = []
    for (const el of controls) {
      if (el.closest('[aria-hidden="true"], [inert], [data-fake-host]')) continue
      const box = el.getBoundingClientRect()
      // Not drawn, or a visually hidden input whose label or button is the target.
      if (box.width <= 1 || box.height <= 1) continue
      // A label is a target only when it holds its control (a checkbox and its words).
      if (el.tagName === 'LABEL' && !el.querySelector('input')) continue
      if (el.tagName === 'INPUT' && el.closest('label')) continue
      // A link inside a sentence is exempt (WCAG 2.5.5 "inline").
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue
      let { left, top, right, bottom } = box
      for (const pseudo of ['::before', '::after']) {
        const s = getComputedStyle(el, pseudo)
        if (s.content === 'none' || s.position !== 'absolute') continue
        left = Math.min(left, box.left + px(s.left))
        top = Math.min(top, box.top + px(s.top))
        right = Math.max(right, box.right - px(s.right))
        bottom = Math.max(bottom, box.bottom - px(s.bottom))
      }
      const w = Math.round(right - left)
      const h = Math.round(bottom - top)
      if (w < min || h < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20)
        small.push(`${el.tagName.toLowerCase()} "${name}" ${w}×${h}`)
      }
    }
    return small
  }, MIN_TARGET_PX)
}

/** Fails when a control on screen is smaller than 44×44 CSS px, listing each. */
export async function expectTapTargets(page: Page, state: string): Promise<void> {
  const small = await smallTapTargets(page)
  if (small.length)
    throw new Error(`tap targets under ${MIN_TARGET_PX}×${MIN_TARGET_PX} in "${state}" (${page.url()}):\n  ${small.join('\n  ')}`)
}
