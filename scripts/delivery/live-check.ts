/** The one check every writing command makes first: is the target in a state we understand? */
import type { LiveState } from './live-state.ts'

/**
 * A refusal message when routes of the target serve HTML no kept release knows (so their assets are
 * unknown), unless the command is about to replace exactly those routes; `null` when all is known.
 */
export function liveRefusal(live: LiveState, replacing: ReadonlySet<string>): string | null {
  const blocking = live.unknown.filter((path) => !replacing.has(path))
  if (blocking.length === 0) return null
  return (
    `refusing: the live HTML of ${blocking.join(', ')} matches no kept release (edited by hand?). ` +
    'Deploy those pages from a build, or restore them, then run again.'
  )
}
