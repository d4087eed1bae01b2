/**
 * The app's rollout facts for this page (docs/app-integration.md "The page's facts"): its host sets
 * `window.kidsRollout = { cohort, via }` at document start, before any page script. Read when the reporter
 * starts, never at import; anything not exactly as agreed is null, and a hostile getter costs nothing.
 */
import type { Cohort, Via } from '../../common/telemetry/report'

export const ROLLOUT_GLOBAL = 'kidsRollout'

export function readRolloutFacts(w: Record<string, unknown>): { cohort: Cohort | null; via: Via | null } {
  try {
    const facts = w[ROLLOUT_GLOBAL] as { cohort?: unknown; via?: unknown } | null | undefined
    const cohort = facts?.cohort
    const via = facts?.via
    return {
      cohort: cohort === 'stable' || cohort === 'canary' ? cohort : null,
      via: via === 'package' || via === 'network' ? via : null,
    }
  } catch {
    return { cohort: null, via: null }
  }
}
