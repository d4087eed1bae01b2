export { appLinkFor, isForeignParam, withoutForeignParams } from './app-link'
export { browserHost, FALLBACK_MS, openInApp, type OpenInAppHost, type OpenInAppOutcome } from './open-in-app'
