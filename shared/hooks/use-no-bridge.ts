import { useEffect } from 'react'
import { getEnv } from '../env'
import { recordProblem } from '../telemetry/early'

/**
 * True when the page runs in the app's user agent (shared/env) but its host gave it no bridge (`inApp`
 * false: the host injects its handlers before the page runs, so none by now is none at all): the
 * open-in-app screen where the app should be. Recorded once for the field report as a `no-bridge`
 * problem; such a view is never ready (docs/telemetry.md "Ready"). A real browser, whose user agent does
 * not claim the app, is no such failure.
 */
export function useNoBridge(inApp: boolean): boolean {
  const noBridge = !inApp && getEnv().inAppUa
  useEffect(() => {
    if (noBridge) recordProblem({ kind: 'no-bridge', message: '' })
  }, [noBridge])
  return noBridge
}
