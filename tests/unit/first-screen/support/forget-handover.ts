import { handover, HANDOVER_GLOBAL } from '@shared/first-screen/handover'

/**
 * Forgets the drawn screen the hand-over holds (shared/first-screen/handover.ts), ending it first: its
 * listeners stay on the document, which the unit files share in one worker (isolate: false), and a screen
 * forgotten while live would go on stopping the clicks of the next file's tests (handover.test.ts's).
 */
export function forgetHandover(): void {
  const state = handover()
  if (state) state.live = false
  delete (window as unknown as Record<string, unknown>)[HANDOVER_GLOBAL]
}
