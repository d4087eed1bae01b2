/**
 * The hand-over from the first screen the HTML's head script drew (paint.ts) to React (issue 31),
 * generalising the share cover's takeover (use-after-release.ts) to every page:
 *
 * - while the drawn screen is up, a tap on a pending control (to-dom.ts) is kept, not lost: its
 *   default is stopped and the control remembered, and once React has drawn the same screen the tap is
 *   done again on React's control (a text field is focused instead);
 * - React never takes over under a finger: a press that went down on the drawn screen would lift on
 *   React's copy and its tap be lost, so mounting waits until no finger is down and {@link RELEASE_MS}
 *   has passed since the last one lifted;
 * - what the reader did meanwhile stays: scrolled boxes keep their offsets, the focused field its focus;
 * - a tap on a control that starts audio unlocks it within the tap (unlocked-audio.ts), since the tap
 *   done again later is no longer one WebKit lets play sound.
 *
 * - a tap is heard at once: the kept control is marked {@link KEPT} (and `aria-busy`), the look
 *   shared/styles/pending.css gives it, in the tap's own task; a later tap on another control moves the
 *   mark, and only the marked one is done once React is in (the one the screen shows);
 * - the replay is safe: a kept tap names its control by its path of element indexes from #root, its
 *   tag and its accessible name, and is done only on React's control at that path with the same tag and
 *   name (else it is dropped and reported); a redraw of the first screen (a new reply) clears it.
 *
 * Both sides meet in a record on `window` (the head script and the page are separate bundles). React-free.
 */
import { recordProblem } from '../telemetry/early'
import { PENDING } from './marks'
import { PLAYS_AUDIO, unlockAudio } from './unlocked-audio'

/**
 * How long after the finger lifts a swap may happen. The browser sends `click` after `pointerup`, on a
 * phone in a later task, and a WebView that still waits to rule out a double tap sends it up to 300 ms
 * later; a button replaced in between never gets it.
 */
export const RELEASE_MS = 300

/** The longest React waits for a finger to lift (one that never reports it must not keep the page frozen). */
const LONGEST_HOLD_MS = 3000

/** The name of the record on `window`. */
export const HANDOVER_GLOBAL = '__kidsFirstScreen'

type Path = number[]

/** The attribute of the control whose tap is kept for React: the screen shows it was heard. */
export const KEPT = 'data-kept'

/** A tap kept for React: the control's path from #root, its tag and accessible name, and whether to focus it instead. */
export interface KeptTap {
  path: Path
  tag: string
  name: string
  focus: boolean
}

/** What the head script records for the page. */
export interface Handover {
  /** The head script drew the first screen, and React has not taken over yet. */
  live: boolean
  /** The last tap on a pending control, to do again on React's same control. */
  tap: KeptTap | null
  /** Scrolled boxes in #root by path (`1.0.2`), with their offsets. */
  scrolls: Record<string, { top: number; left: number }>
  /** The focused element's path, if it is in #root. */
  focus: Path | null
  /** A finger (or mouse button) is down. */
  pressed: boolean
  /** When the last one lifted (performance.now()). */
  releasedAt: number
  /** Why the head script could not draw the first screen (paint.ts), for the app's log; null when it could. */
  failure: string | null
}

/** The record, made on first use (`create`); null outside a browser, or when the head script drew nothing. */
export function handover(create = false): Handover | null {
  if (typeof window === 'undefined') return null
  const w = window as unknown as Record<string, Handover | undefined>
  if (!w[HANDOVER_GLOBAL] && create) {
    w[HANDOVER_GLOBAL] = { live: false, tap: null, scrolls: {}, focus: null, pressed: false, releasedAt: -Infinity, failure: null }
  }
  return w[HANDOVER_GLOBAL] ?? null
}

const root = () => document.getElementById('root')

/** The path of `element` from #root, or null when it is not inside it. */
export function pathOf(element: Element): Path | null {
  const top = root()
  const path: Path = []
  for (let at: Element | null = element; at !== top; at = at.parentElement) {
    if (!at?.parentElement) return null
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at))
  }
  return path
}

/** The element at `path` from #root, if there is one. */
export function elementAt(path: Path): Element | null {
  let at: Element | null = root()
  for (const index of path) at = at?.children[index] ?? null
  return at
}

/**
 * What a person knows a control by, as far as telling two controls of one screen apart needs: its
 * `aria-label`, the text of what labels it, else its text, spaces collapsed. The same function on
 * both sides (the drawn screen, React's) reads the same DOM the same way.
 */
export function nameOf(element: Element): string {
  const ids = element.getAttribute('aria-labelledby')
  const text =
    element.getAttribute('aria-label') ??
    (ids
      ? ids
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : null) ??
    (element as HTMLInputElement).labels?.[0]?.textContent ??
    element.textContent
  return text.replace(/\s+/g, ' ').trim()
}

/** Keeps the tap on `control` for React, and shows it was heard there (and no longer on the one tapped before). */
function keep(state: Handover, control: Element, focus: boolean): void {
  const path = pathOf(control)
  if (!path) return
  state.tap = { path, tag: control.localName, name: nameOf(control), focus }
  for (const before of document.querySelectorAll(`[${KEPT}]`)) {
    before.removeAttribute(KEPT)
    before.removeAttribute('aria-busy')
  }
  control.setAttribute(KEPT, '')
  control.setAttribute('aria-busy', 'true')
}

/** What a tap on a pending control does once React is in: the nearest control, or the pending element. */
const ACTIONABLE = 'button, a, input, select, textarea, label, [role="button"], [' + PENDING + ']'
const TEXT_FIELD = /^(input|textarea|select)$/

/**
 * Starts recording for the drawn screen (the head script calls it once it has painted): presses,
 * taps on pending controls, scrolled boxes, focus. Listens in the capture phase on the document, so
 * nothing in the page can hide an event; stops acting once React has taken over (`live` false).
 */
export function recordForHandover(): void {
  const state = handover(true)!
  if (state.live) return
  state.live = true
  const inRoot = (target: EventTarget | null): Element | null => {
    const top = root()
    return target instanceof Element && top?.contains(target) && target !== top ? target : null
  }
  // A pending control, or a label whose control is one (a tap on a plan's card checks its radio).
  const pending = (target: EventTarget | null): Element | null => {
    const element = inRoot(target)
    const control = element?.closest('label')?.control
    return element?.closest(`[${PENDING}]`) ?? (control?.hasAttribute(PENDING) ? control : null)
  }
  const listen = (type: string, on: (event: Event) => void, target: Document | Window = document) =>
    target.addEventListener(type, (event) => state.live && on(event), { capture: true, passive: type === 'scroll' })

  listen('pointerdown', () => (state.pressed = true))
  const up = () => {
    state.pressed = false
    state.releasedAt = performance.now()
  }
  listen('pointerup', up, window)
  listen('pointercancel', up, window)
  // A pending control does nothing yet: a click (or the mouse-down that would focus a field or open
  // a select) is stopped, and the control kept for React.
  listen('mousedown', (event) => {
    const target = pending(event.target)
    if (!target || !TEXT_FIELD.test(target.localName)) return
    event.preventDefault()
    keep(state, target, true)
  })
  listen('click', (event) => {
    if (!pending(event.target)) return
    // Stopped before the browser acts on it: no radio checked, no link followed, no form sent without React.
    event.preventDefault()
    event.stopPropagation()
    const control = (event.target as Element).closest(ACTIONABLE)
    if (control) keep(state, control, TEXT_FIELD.test(control.localName))
    // Done again later, outside this tap: the audio it starts must be unlocked now.
    if (control?.hasAttribute(PLAYS_AUDIO)) unlockAudio()
  })
  listen('scroll', (event) => {
    const box = inRoot(event.target)
    const path = box && pathOf(box)
    if (path) state.scrolls[path.join('.')] = { top: box.scrollTop, left: box.scrollLeft }
  })
  listen('focusin', (event) => {
    const target = inRoot(event.target)
    state.focus = target && pathOf(target)
  })
  listen('focusout', () => (state.focus = null))
}

/**
 * Runs `mount` once no finger is on the drawn screen (at once when the head script drew nothing):
 * React then takes over without a press going down on one copy and lifting on the other.
 */
export function whenReleased(mount: () => void): void {
  const state = handover()
  if (!state?.live) return mount()
  const started = performance.now()
  const check = () => {
    const now = performance.now()
    const wait = state.pressed ? 50 : state.releasedAt + RELEASE_MS - now
    if (wait <= 0 || now - started > LONGEST_HOLD_MS) mount()
    else setTimeout(check, wait)
  }
  check()
}

/**
 * After React's first commit, before it paints: the drawn screen is React's now. Its boxes go back to
 * where the reader scrolled them, and the focused field keeps its focus. Returns the tap to do again
 * ({@link replayTap}, once the page's effects have run).
 */
export function takeOver(): Handover['tap'] {
  const state = handover()
  if (!state?.live) return null
  state.live = false
  for (const [key, offset] of Object.entries(state.scrolls)) {
    const box = elementAt(key.split('.').map(Number))
    if (box) {
      box.scrollTop = offset.top
      box.scrollLeft = offset.left
    }
  }
  const focused = state.focus && elementAt(state.focus)
  if (focused instanceof HTMLElement || focused instanceof SVGElement) focused.focus({ preventScroll: true })
  const { tap } = state
  state.tap = null
  return tap
}

/**
 * The head script drew the first screen again (a reply came in): what was kept named the old DOM. A
 * tap is dropped with it (its mark went with the old DOM too), as are scrolled boxes and focus.
 */
export function redrawn(): void {
  const state = handover()
  if (!state) return
  state.tap = null
  state.scrolls = {}
  state.focus = null
}

/** Why the head script could not draw the first screen, once (null when it could, or drew nothing). */
export function takeFailure(): string | null {
  const state = handover()
  const failure = state?.failure ?? null
  if (state) state.failure = null
  return failure
}

/**
 * Does again on React's control the tap kept while the drawn screen was up: only on the control at the
 * same path with the same tag and name. Anything else means the two screens differ (which the
 * equivalence test exists to prevent): nothing is pressed, and the field report hears of it.
 */
export function replayTap(tap: Handover['tap']): void {
  if (!tap) return
  const control = elementAt(tap.path)
  if (!(control instanceof HTMLElement) || control.localName !== tap.tag || nameOf(control) !== tap.name) {
    const found = control ? `<${control.localName}> “${nameOf(control)}”` : 'nothing'
    recordProblem({ kind: 'first-screen', message: `the tap kept on <${tap.tag}> “${tap.name}” found ${found}: not done` })
    return
  }
  if (tap.focus) control.focus()
  else control.click()
}
